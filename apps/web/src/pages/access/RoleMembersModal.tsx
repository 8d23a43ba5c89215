import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Popconfirm, Select, Space } from 'antd';
import { PagedTable } from '../../components/crud/PagedTable';
import { useLocalPaging } from '../../components/crud/useListState';
import type { Role, RoleMember } from '@study-crm/shared';
import { useChangeMemberRole, useMemberOptions, useRoleMembers } from './api';
import { roleLabel } from '../../lib/format';
import { toast } from '../../lib/feedback';
import { PersonOptionLabel } from '../../components/people/PersonOptionLabel';

type Props = { role: Role | null; onClose: () => void };

const loginSuffix = (m: RoleMember) => (m.loginName ? ` (${m.loginName})` : '');

// Who holds a role: list, add (search staff), remove. The server keeps every member at least one role.
export function RoleMembersModal({ role, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const paging = useLocalPaging(10);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const roleId = role?.id ?? 0;
  const members = useRoleMembers(roleId, paging.page.pageNum, paging.page.pageSize);
  const options = useMemberOptions(keyword, Boolean(role));
  const change = useChangeMemberRole(roleId);

  const run = async (userId: number, hold: boolean) => {
    try {
      await change.mutateAsync({ userId, hold });
    } catch {
      return;
    }
    toast.success(t(hold ? 'access.role.memberAdded' : 'access.role.memberRemoved'));
    setPicked(null);
    void members.refetch();
  };

  return (
    <Modal
      open={Boolean(role)}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      title={t('access.role.membersTitle', { name: role ? `${roleLabel(role, i18n.language)} (${role.name})` : '' })}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          allowClear
          style={{ width: '100%' }}
          placeholder={t('access.role.addMemberPlaceholder')}
          // Named by what it asks for (a placeholder is no name, WCAG 4.1.2).
          aria-label={t('access.role.addMemberPlaceholder')}
          value={picked}
          onChange={(v) => setPicked(v ?? null)}
          loading={options.isFetching}
          options={(options.data ?? []).map((m) => ({
            value: m.id,
            label: `${m.displayName}${loginSuffix(m)}`,
            option: m,
          }))}
          optionRender={(o) => (
            <PersonOptionLabel
              name={o.data.option.displayName}
              suffix={loginSuffix(o.data.option)}
              matched={o.data.option.matched}
              term={keyword}
            />
          )}
          data-testid="role-member-pick"
        />
        <Button
          type="primary"
          disabled={!picked}
          loading={change.isPending}
          onClick={() => picked && run(picked, true)}
          data-testid="role-member-add"
        >
          {t('access.role.addMember')}
        </Button>
      </Space.Compact>
      <PagedTable<RoleMember>
        query={members}
        list={paging}
        emptyText={t('access.role.noMembers')}
        columns={[
          { title: t('access.role.displayName'), dataIndex: 'displayName' },
          { title: t('access.role.loginName'), dataIndex: 'loginName' },
          { title: t('access.role.email'), dataIndex: 'email' },
          {
            title: t('access.actions'),
            key: 'actions',
            width: 100,
            render: (_, m) => (
              <Popconfirm
                title={t('access.role.removeMemberConfirm', { name: m.displayName })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => run(m.id, false)}
              >
                <Button type="link" danger size="small" data-testid={`role-member-remove-${m.id}`}>
                  {t('access.role.removeMember')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
