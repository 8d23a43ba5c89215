import { useRef } from 'react';
import { Form, Input, type FormRule, type GetRef } from 'antd';
import type { MailVariable } from '@study-crm/shared';
import VariableMenu from './VariableMenu';

type Props = {
  name: string;
  label: string;
  variables: readonly MailVariable[];
  testId: string;
  // A text area of `rows` rows; without, one line.
  rows?: number;
  max?: number;
  required?: FormRule;
  hint?: string;
};

// A text a template variable may go in (a subject, a template's HTML) with the "Insert variable" menu under it: the
// tag goes in where the cursor was (over the selection), and the cursor stays after it.
export default function VariableField({ name, label, variables, testId, rows, max, required, hint }: Props) {
  const form = Form.useFormInstance();
  const area = useRef<GetRef<typeof Input.TextArea>>(null);
  const line = useRef<GetRef<typeof Input>>(null);
  const insert = (tag: string) => {
    const el = rows ? area.current?.resizableTextArea?.textArea : line.current?.input;
    const text = String(form.getFieldValue(name) ?? '');
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    form.setFieldValue(name, text.slice(0, start) + tag + text.slice(end));
    void form.validateFields([name]).catch(() => undefined);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[...(required ? [required] : []), ...(max ? [{ max }] : [])]}
      extra={
        <>
          <VariableMenu variables={variables} onPick={insert} testId={`${testId}-variable`} labelled />
          {hint && <div>{hint}</div>}
        </>
      }
    >
      {rows ? (
        <Input.TextArea ref={area} rows={rows} data-testid={testId} />
      ) : (
        <Input ref={line} maxLength={max} data-testid={testId} />
      )}
    </Form.Item>
  );
}
