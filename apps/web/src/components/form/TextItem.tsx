import { Form, Input, type FormItemProps, type InputProps } from 'antd';

type Props = Omit<FormItemProps, 'children'> & {
  max?: number | undefined;
  testId?: string | undefined;
  input?: InputProps;
};

// A form's one-line text field: the item (name, label, rules…) around an input of at most `max` characters. A screen
// with its own rules and texts uses it as it is; crud's TextField is it with the kit's shared messages.
export function TextItem({ max, testId, input, ...item }: Props) {
  return (
    <Form.Item {...item}>
      <Input maxLength={max} data-testid={testId} {...input} />
    </Form.Item>
  );
}
