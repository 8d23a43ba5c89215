import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../Permission';

type Props = {
  name: string;
  updatePerm: string;
  removePerm: string;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
};

export function RowActions({ name, updatePerm, removePerm, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Permission perm={updatePerm}>
        <Button type="link" size="small" onClick={onEdit} data-testid="row-edit">
          {t('crud.edit')}
        </Button>
      </Permission>
      <Permission perm={removePerm}>
        <Popconfirm
          title={t('crud.removeConfirm', { name })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onRemove}
        >
          <Button type="link" size="small" danger data-testid="row-remove">
            {t('crud.remove')}
          </Button>
        </Popconfirm>
      </Permission>
    </Space>
  );
}
