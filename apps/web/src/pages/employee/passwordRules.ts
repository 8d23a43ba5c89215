import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@study-crm/shared';

// The new-password pair of the member form and the set-password dialog.
export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('employee.rule.required') },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('employee.rule.password') },
  ];
}

export function passwordConfirmRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('employee.rule.required') },
    ({ getFieldValue }) => ({
      validator: (_, v: string) =>
        !v || v === getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error(t('employee.rule.passwordMismatch'))),
    }),
  ];
}
