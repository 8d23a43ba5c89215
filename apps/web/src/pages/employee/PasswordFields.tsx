import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordConfirmRules, passwordRules } from './passwordRules';

// A member's new password and its confirmation, with the password rules; `frame` lays out each field (a column).
export function PasswordFields({ frame = (field) => field }: { frame?: (field: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {frame(
        <Form.Item name="password" label={t('employee.field.password')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
      {frame(
        <Form.Item
          name="passwordConfirm"
          label={t('employee.field.passwordConfirm')}
          dependencies={['password']}
          rules={passwordConfirmRules(t)}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>,
      )}
    </>
  );
}
