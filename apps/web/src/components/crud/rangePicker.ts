import { DatePicker } from 'antd';

// antd's range picker on its own chunk: the date filters load it when drawn (components/crud/filters.tsx), so the
// picker and its panels are not part of the first screen's bytes.
export default DatePicker.RangePicker;
