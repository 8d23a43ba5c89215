import { Form, Input, type FormItemProps, type InputProps } from 'antd';

type Props = Omit<FormItemProps, 'children'> & { max: number; testId?: string; input?: InputProps };

// A form's one-line text field whose rules and texts are the screen's own: the item (name, label, rules…) around
// an input of at most `max` characters (crud's TextField is the kit's, with its shared messages).
export function TextItem({ max, testId, input, ...item }: Props) {
  return (
    <Form.Item {...item}>
      <Input maxLength={max} data-testid={testId} {...input} />
    </Form.Item>
  );
}
