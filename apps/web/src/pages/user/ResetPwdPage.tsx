import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Input } from 'antd';
import { useChangePassword } from './api';
import { useConfirm } from '../../components/form/useConfirm';
import { newPasswordRules, repeatedRules } from '../../components/form/rules';
import { toast } from '../../lib/feedback';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
type Field = 'user.oldPassword' | 'user.newPassword' | 'user.confirmPassword';

// Change own password: asks for confirmation first; the server ends the member's other sessions.
export default function ResetPwdPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const submit = (v: Values) =>
    confirm(t('user.confirmChange'), async () => {
      await change.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      toast.success(t('user.changed'));
      form.resetFields();
    });

  const required = (field: Field) => t('user.required', { field: t(field) });
  return (
    <Card>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit} data-testid="reset-pwd-form">
        <Form.Item
          name="oldPassword"
          label={t('user.oldPassword')}
          rules={[{ required: true, message: required('user.oldPassword') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('user.newPassword')}
          rules={newPasswordRules({ required: required('user.newPassword'), length: t('user.passwordLength') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('user.confirmPassword')}
          dependencies={['newPassword']}
          rules={repeatedRules('newPassword', {
            required: required('user.confirmPassword'),
            mismatch: t('user.passwordMismatch'),
          })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('user.submit')}
        </Button>
      </Form>
    </Card>
  );
}
