import { useRef } from 'react';
import { Form, Input, type GetRef } from 'antd';
import type { MailVariable } from '@study-crm/shared';
import VariableMenu from './VariableMenu';

type Props = {
  name: string;
  label: string;
  hint: string;
  rows: number;
  variables: readonly MailVariable[];
  testId: string;
};

// A template's HTML text with the "Insert variable" menu under it: the tag goes in where the cursor was (over the
// selection), and the cursor stays after it.
export default function VariableTextArea({ name, label, hint, rows, variables, testId }: Props) {
  const form = Form.useFormInstance();
  const ref = useRef<GetRef<typeof Input.TextArea>>(null);
  const insert = (tag: string) => {
    const area = ref.current?.resizableTextArea?.textArea;
    const text = String(form.getFieldValue(name) ?? '');
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? start;
    form.setFieldValue(name, text.slice(0, start) + tag + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };
  return (
    <Form.Item
      name={name}
      label={label}
      extra={
        <>
          <VariableMenu variables={variables} onPick={insert} testId={`${testId}-variable`} labelled />
          <div>{hint}</div>
        </>
      }
    >
      <Input.TextArea ref={ref} rows={rows} data-testid={testId} />
    </Form.Item>
  );
}
