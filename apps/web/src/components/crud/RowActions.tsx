import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkAction } from './LinkAction';

type Props = {
  name: string;
  // Without them the caller decides who sees the actions.
  updatePerm?: string;
  removePerm?: string;
  onEdit: () => void;
  onRemove: () => Promise<unknown>;
  // Test ids <testId>-edit and <testId>-remove.
  testId?: string;
};

// Edit and delete (after a confirmation naming the row) of a list row.
export function RowActions({ name, updatePerm, removePerm, onEdit, onRemove, testId = 'row' }: Props) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <LinkAction label={t('crud.edit')} perm={updatePerm} onClick={onEdit} testId={`${testId}-edit`} />
      <LinkAction
        label={t('crud.remove')}
        perm={removePerm}
        danger
        confirm={{ title: t('crud.removeConfirm', { name }), onConfirm: onRemove }}
        testId={`${testId}-remove`}
      />
    </Space>
  );
}
