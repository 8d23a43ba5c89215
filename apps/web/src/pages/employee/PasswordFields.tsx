import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordRules, repeatedRules } from '../../components/form/rules';

// A member's new password and its confirmation, with the password rules; `frame` lays out each field (a column).
export function PasswordFields({ frame = (field) => field }: { frame?: (field: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const required = t('employee.rule.required');
  return (
    <>
      {frame(
        <Form.Item
          name="password"
          label={t('employee.field.password')}
          rules={newPasswordRules({ required, length: t('employee.rule.password') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
      {frame(
        <Form.Item
          name="passwordConfirm"
          label={t('employee.field.passwordConfirm')}
          dependencies={['password']}
          rules={repeatedRules('password', { required, mismatch: t('employee.rule.passwordMismatch') })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
    </>
  );
}
