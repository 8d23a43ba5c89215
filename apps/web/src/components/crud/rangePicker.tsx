import type { ComponentProps } from 'react';
import { DatePicker } from 'antd';

// antd's range picker on its own chunk: the date filters load it when drawn (components/crud/filters.tsx), so the
// picker and its panels are not part of the first screen's bytes. Either end may stay empty (a range open at one
// end): without that, antd sends the focus from the end field back to the empty start field, so Tab never leaves
// the picker, a keyboard trap (WCAG 2.1.2, issue 42).
export default function RangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}
