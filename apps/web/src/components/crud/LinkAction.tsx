import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../Permission';

export type LinkActionProps = {
  label: ReactNode;
  // Shown only to members holding it; without it, to everyone who sees the row.
  perm?: string;
  onClick?: () => unknown;
  // With it, the action asks first and runs `onConfirm` on OK.
  confirm?: { title: ReactNode; onConfirm: () => unknown };
  danger?: boolean;
  // Greyed out; `hint` (a tooltip) says why.
  disabled?: boolean;
  hint?: ReactNode;
  icon?: ReactNode;
  testId?: string;
};

// One action in a table row: a small link button, behind a permission and, when asked, a confirmation.
export function LinkAction({ label, perm, onClick, confirm, danger, disabled, hint, icon, testId }: LinkActionProps) {
  const { t } = useTranslation();
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={disabled}
      icon={icon}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  const asked = confirm ? (
    <Popconfirm
      title={confirm.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      onConfirm={confirm.onConfirm}
      disabled={disabled}
    >
      {button}
    </Popconfirm>
  ) : (
    button
  );
  const action = hint ? <Tooltip title={hint}>{asked}</Tooltip> : asked;
  return perm ? <Permission perm={perm}>{action}</Permission> : action;
}
