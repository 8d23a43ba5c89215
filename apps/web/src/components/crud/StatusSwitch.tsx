import { Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '@study-crm/shared';
import { usePermission } from '../Permission';

type Props = {
  status: RecordStatus;
  name: string;
  perm: string;
  loading?: boolean;
  onChange: (next: RecordStatus) => void;
  testId?: string;
};

// Enable/disable with a confirmation; read-only for members without the update permission.
export function StatusSwitch({ status, name, perm, loading, onChange, testId }: Props) {
  const { t } = useTranslation();
  const allowed = usePermission(perm);
  const checked = status === 'enabled';
  const sw = (
    <Switch
      size="small"
      checked={checked}
      loading={loading}
      disabled={!allowed}
      checkedChildren={t('crud.enabled')}
      unCheckedChildren={t('crud.disabled')}
      data-testid={testId}
    />
  );
  if (!allowed) return sw;
  return (
    <Popconfirm
      title={t(checked ? 'crud.disableConfirm' : 'crud.enableConfirm', { name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() => onChange(checked ? 'disabled' : 'enabled')}
    >
      {sw}
    </Popconfirm>
  );
}
