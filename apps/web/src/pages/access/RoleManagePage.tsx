import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space, Tag } from 'antd';
import { EnumFilter } from '../../components/crud/filters';
import { PERM, ROLE_KINDS, type Role, type RoleKind, type roleApi } from '@study-crm/shared';
import { ExportButton } from '../../components/crud/ExportButton';
import { PagedTable } from '../../components/crud/PagedTable';
import { ListCard } from '../../components/crud/ListCard';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { linksColumn } from '../../components/crud/columns';
import type { LinkActionProps } from '../../components/crud/LinkAction';
import { useRemoveRole, useRoles } from './api';
import { RoleFormDrawer } from './RoleFormDrawer';
import { RoleMembersModal } from './RoleMembersModal';
import { toast } from '../../lib/feedback';

// The role list's filters as its endpoint names them.
type Filters = ListFilters<typeof roleApi.list>;

export default function RoleManagePage() {
  const { t } = useTranslation();
  const list = useListState<Filters>({ defaults: { pageSize: 10 }, queryRoot: ['roles', 'list'] });
  // The drawer keeps its role id while it closes, so its title does not flicker.
  const [drawer, setDrawer] = useState<{ open: boolean; id?: number }>({ open: false });
  const [membersOf, setMembersOf] = useState<Role | null>(null);
  const roles = useRoles(list.params);
  const remove = useRemoveRole();

  const doRemove = async (role: Role) => {
    try {
      await remove.mutateAsync(role.id);
    } catch {
      return;
    }
    toast.success(t('access.removed'));
  };

  // The delete link of a role: a built-in role or one with members cannot be deleted, and the link says why before
  // anyone presses OK.
  const removeLink = (r: Role): LinkActionProps => ({
    label: t('access.role.remove'),
    perm: PERM.roleRemove,
    danger: true,
    disabled: r.isBuiltin === 1 || r.memberCount > 0,
    hint: r.memberCount > 0 ? t('access.role.removeHasMembers', { count: r.memberCount }) : null,
    confirm: { title: t('access.role.removeConfirm', { name: r.name }), onConfirm: () => doRemove(r) },
    testId: `role-remove-${r.name}`,
  });

  return (
    <ListCard
      ids="role"
      title={t('access.role.title')}
      add={{ perm: PERM.roleAdd, label: t('access.role.add'), onClick: () => setDrawer({ open: true }) }}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          placeholder={t('access.role.keyword')}
          style={{ width: 220 }}
          value={String(list.draft.keyword ?? '')}
          onChange={(e) => list.patchDraft({ keyword: e.target.value })}
          onPressEnter={list.search}
          data-testid="role-search"
        />
        <EnumFilter
          list={list}
          name="kind"
          values={ROLE_KINDS}
          labels="access.role.kinds"
          draft
          placeholder={t('access.role.allKinds')}
          width={180}
          testId="role-kind-filter"
        />
        <Button type="primary" onClick={list.search} data-testid="role-search-submit">
          {t('access.search')}
        </Button>
        <Button onClick={list.reset}>{t('access.reset')}</Button>
        <ExportButton list="role" params={list.params} testId="role-export" />
      </Space>
      <PagedTable<Role>
        query={roles}
        list={list}
        testId="role-table"
        columns={[
          {
            title: t('access.role.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <Space>
                <span data-testid={`role-name-${r.id}`}>{name}</span>
                {r.isBuiltin ? <Tag color="gold">{t('access.role.builtin')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('access.role.cnName'), dataIndex: 'cnName' },
          { title: t('access.role.kind'), dataIndex: 'kind', render: (k: RoleKind) => t(`access.role.kinds.${k}`) },
          { title: t('access.role.memberCount'), dataIndex: 'memberCount', width: 100 },
          linksColumn<Role>(t('access.actions'), {
            width: 240,
            wrap: true,
            links: (r) => [
              {
                label: t('access.role.edit'),
                perm: PERM.roleUpdate,
                onClick: () => setDrawer({ open: true, id: r.id }),
                testId: `role-edit-${r.name}`,
              },
              {
                label: t('access.role.members'),
                perm: PERM.roleMembers,
                onClick: () => setMembersOf(r),
                testId: `role-members-${r.name}`,
              },
              removeLink(r),
            ],
          }),
        ]}
      />
      <RoleFormDrawer open={drawer.open} roleId={drawer.id} onClose={() => setDrawer((d) => ({ ...d, open: false }))} />
      <RoleMembersModal role={membersOf} onClose={() => setMembersOf(null)} />
    </ListCard>
  );
}
