import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { PERM, type MemberLabel } from '@study-crm/shared';
import { ColorTag } from '../../components/dict';
import { Permission } from '../../components/Permission';
import { useAssignLabels, useLabelOptions, useMemberLabels } from './api';
import { useConfirm } from '../../components/form/useConfirm';
import { toast } from '../../lib/feedback';
import { useFocusReturn } from '../../components/useFocusReturn';

export function LabelTags({ labels }: { labels: readonly MemberLabel[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {labels.map((l) => (
        <ColorTag key={l.id} color={l.color} testId={`member-label-${l.id}`}>
          {l.name}
        </ColorTag>
      ))}
    </Space>
  );
}

// The member's labels on the profile, with the edit control for staff who may update labels.
export function MemberLabels({ memberId, name }: { memberId: number; name: string }) {
  const { t } = useTranslation();
  const labels = useMemberLabels(memberId);
  const [open, setOpen] = useState(false);
  if (labels.isLoading) return <Spin size="small" />;
  if (labels.isError) return <Typography.Text type="secondary">-</Typography.Text>;
  const current = labels.data ?? [];
  return (
    <Space size={8} wrap data-testid="member-labels">
      {current.length ? (
        <LabelTags labels={current} />
      ) : (
        <Typography.Text type="secondary">{t('employee.labels.none')}</Typography.Text>
      )}
      <Permission perm={PERM.labelUpdate}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="member-labels-edit">
          {t('employee.labels.edit')}
        </Button>
        {open && <EditLabelsModal memberId={memberId} name={name} current={current} onClose={() => setOpen(false)} />}
      </Permission>
    </Space>
  );
}

function EditLabelsModal({
  memberId,
  name,
  current,
  onClose,
}: {
  memberId: number;
  name: string;
  current: readonly MemberLabel[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useFocusReturn();
  const confirm = useConfirm();
  const options = useLabelOptions(true);
  const assign = useAssignLabels();
  const [value, setValue] = useState<number[]>(current.map((l) => l.id));
  // A disabled label the member already carries stays selectable, so saving does not silently drop it.
  const colorOf = new Map([...current, ...(options.data?.list ?? [])].map((l) => [l.id, l.color]));
  const choices = [
    ...(options.data?.list ?? []).map((l) => ({ value: l.id, label: l.name })),
    ...current
      .filter((l) => !options.data?.list.some((o) => o.id === l.id))
      .map((l) => ({ value: l.id, label: `${l.name} (${t('employee.labels.disabled')})` })),
  ];

  const save = () =>
    confirm(t('employee.labels.confirm', { name }), async () => {
      await assign.mutateAsync({ userId: memberId, labelIds: value });
      toast.success(t('employee.saved'));
      onClose();
    });

  return (
    <Modal
      open
      title={t('employee.labels.editTitle', { name })}
      okText={t('employee.labels.save')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        data-testid="member-labels-select"
        loading={options.isLoading}
        value={value}
        onChange={setValue}
        options={choices}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('employee.labels.placeholder')}
        notFoundContent={options.isLoading ? <Spin size="small" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        allowClear
        // The chosen labels in their own colours, as the profile shows them.
        tagRender={({ value: id, label, closable, onClose }) => {
          const color = colorOf.get(id as number);
          return (
            <Tag
              color={color ?? undefined}
              variant={color ? 'solid' : undefined}
              closable={closable}
              onClose={onClose}
              onMouseDown={(e) => e.preventDefault()}
              style={{ marginInlineEnd: 4 }}
            >
              {label}
            </Tag>
          );
        }}
      />
    </Modal>
  );
}
