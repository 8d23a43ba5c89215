import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Select, Space } from 'antd';
import { ExportButton } from '../../components/crud/ExportButton';
import { ListCard } from '../../components/crud/ListCard';
import { KeywordSearch } from '../../components/crud/filters';
import {
  IDENTITY_STATUSES,
  MEMBER_STATUSES,
  ACCOUNT_TYPES,
  MEMBER_TYPES,
  PERM,
  privacyApi,
  type Member,
  type MemberListItem,
  type memberApi,
} from '@study-crm/shared';
import { PagedTable } from '../../components/crud/PagedTable';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { linksColumn } from '../../components/crud/columns';
import { useWrite } from '../../components/crud/crud';
import { toastSuccess } from '../../lib/feedback';
import { useSession } from '../../stores/session';
import { MEMBER_KINDS, useMemberList, useMemberMutations, useRoleOptions, type MemberKind } from './api';
import { IdentityTag, RoleTags, StatusTag, formatMobile, formatTime } from './labels';
import { LabelTags } from './MemberLabels';
import { MemberForm } from './MemberForm';
import { ImportButton } from '../../components/import/ImportButton';
import { SetPasswordModal } from './SetPasswordModal';
import { ErasureDialog } from './ErasureDialog';
import { useConfirm } from '../../components/form/useConfirm';
import { roleLabel } from '../../lib/format';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = ListFilters<typeof memberApi.list>;

// employeeList: accounts of any type (staff by default); accountList: the member app's accounts (students and
// parents, never staff), the same screen without roles. Searched, filtered, sorted and paged on the server.
export function MemberListScreen({ kind }: { kind: MemberKind }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const isStaffList = kind === 'staff';
  const perms = MEMBER_KINDS[kind].perms;
  const list = useListState<Filters>({
    defaults: { sortField: 'createdAt', order: 'desc', filters: isStaffList ? { memberType: 'staff' } : {} },
    queryRoot: ['members'],
  });
  const { filters } = list;
  const [editing, setEditing] = useState<{ member?: Member } | null>(null);
  const [passwordFor, setPasswordFor] = useState<Member | undefined>();
  // The subject access export (issue 41): built in the background, its link arrives in the message box.
  const exportData = useWrite('dataRequests', privacyApi.exportData, { touches: ['messageBox'] });
  const confirmExport = (m: MemberListItem) =>
    confirm(t('employee.exportDataConfirm', { name: m.displayName }), async () => {
      await exportData.mutateAsync({ subjectId: m.id });
      toastSuccess(t('employee.exportStarted'));
    });
  const [erasing, setErasing] = useState<MemberListItem | undefined>();
  const { sortField, order, ...rest } = list.params;
  const query = useMemberList({ ...rest, sortBy: sortField, order }, kind);
  const roles = useRoleOptions(isStaffList);
  const { updateStatus, remove } = useMemberMutations(kind);
  const mid = useSession((s) => s.mid);

  const confirmStatus = (m: Member) => {
    const next = m.status === 'active' ? 'inactive' : 'active';
    confirm(
      t(next === 'active' ? 'employee.confirmActivate' : 'employee.confirmDeactivate', { name: m.displayName }),
      async () => {
        const env = await updateStatus.mutateAsync({ id: m.id, status: next });
        if (env.meta.code === 200) toastSuccess(t('employee.saved'));
      },
      { danger: next === 'inactive' },
    );
  };

  const confirmRemove = (m: Member) =>
    confirm(
      t('employee.confirmRemove', { name: m.displayName }),
      async () => {
        const env = await remove.mutateAsync({ id: m.id });
        if (env.meta.code === 200) toastSuccess(t('employee.removed'));
      },
      { danger: true },
    );

  const columns: DataColumn<MemberListItem>[] = [
    {
      title: t('employee.field.displayName'),
      dataIndex: 'displayName',
      sorter: true,
      width: 160,
      render: (name: string, m) =>
        isStaffList ? <Link to={`/employee/employeeProfile?id=${m.id}`}>{name}</Link> : name,
    },
    {
      title: t('employee.field.email'),
      dataIndex: 'email',
      sorter: true,
      width: 200,
    },
    // A narrow box hides the mobile, then the registration date, then the member type and the labels (the edit form
    // shows them); name, e-mail, roles, status and identity stay. At 1440 px the accounts keep type and labels.
    { title: t('employee.field.mobile'), key: 'mobile', width: 140, priority: 3, render: (_, m) => formatMobile(m) },
    ...(isStaffList
      ? [
          {
            title: t('employee.field.roles'),
            key: 'roles',
            width: 140,
            render: (_: unknown, m: MemberListItem) => <RoleTags roles={m.roles} />,
          },
        ]
      : []),
    {
      title: t('employee.field.labels'),
      key: 'labels',
      width: 160,
      priority: 1,
      render: (_, m) => (m.labels.length ? <LabelTags labels={m.labels} /> : '-'),
    },
    {
      title: t('employee.field.memberType'),
      dataIndex: 'memberType',
      width: 110,
      priority: 1,
      render: (v: Member['memberType']) => t(`employee.memberType.${v}`),
    },
    {
      title: t('employee.field.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: Member['status']) => <StatusTag status={v} t={t} />,
    },
    {
      title: t('employee.field.identityStatus'),
      dataIndex: 'identityStatus',
      width: 110,
      render: (v: Member['identityStatus']) => <IdentityTag value={v} t={t} />,
    },
    {
      title: t('employee.field.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 160,
      priority: 2,
      render: (v: number) => formatTime(v),
    },
    linksColumn<MemberListItem>(t('employee.actions'), {
      width: 230,
      fixed: 'right',
      wrap: true,
      links: (m) => {
        // The server refuses self-deactivation and self-removal (5430), and setting one's own password here (it
        // changes with the current one, from the user menu): no button for one's own row.
        const other = String(m.id) !== mid;
        return [
          {
            label: t('employee.edit'),
            perm: perms.update,
            onClick: () => setEditing({ member: m }),
            testId: `edit-${m.id}`,
          },
          other && {
            label: t('employee.setPassword'),
            perm: perms.setPassword,
            onClick: () => setPasswordFor(m),
            testId: `password-${m.id}`,
          },
          {
            label: t('employee.exportData'),
            perm: PERM.privacyExport,
            onClick: () => confirmExport(m),
            testId: `export-data-${m.id}`,
          },
          other && {
            label: t(m.status === 'active' ? 'employee.deactivate' : 'employee.activate'),
            perm: perms.update,
            danger: m.status === 'active',
            onClick: () => confirmStatus(m),
            testId: `status-${m.id}`,
          },
          other && {
            label: t('employee.remove'),
            perm: perms.remove,
            danger: true,
            onClick: () => confirmRemove(m),
            testId: `remove-${m.id}`,
          },
          other && {
            label: t('employee.erase'),
            perm: PERM.privacyErase,
            danger: true,
            onClick: () => setErasing(m),
            testId: `erase-${m.id}`,
          },
        ];
      },
    }),
  ];

  const all = { value: '', label: t('employee.all') };
  const option = (group: 'status' | 'identityStatus' | 'memberType') => (v: string) => ({
    value: v,
    label: t(`employee.${group}.${v}` as 'employee.status.active'),
  });
  // A filter applied on change, "All" first, named in its prefix.
  const filterSelect = (
    name: Exclude<keyof Filters, 'keyword'>,
    label: string,
    width: number,
    options: { value: string | number; label: string }[],
    more: { testId?: string; loading?: boolean } = {},
  ) => (
    <Select
      style={{ width }}
      value={filters[name] ?? ''}
      onChange={(v: string | number) => list.apply({ [name]: v || null })}
      options={[all, ...options]}
      prefix={`${label}:`}
      aria-label={label}
      data-testid={more.testId}
      loading={more.loading}
    />
  );
  return (
    <ListCard
      title={t(isStaffList ? 'employee.listTitle' : 'employee.accountListTitle')}
      add={{ perm: perms.add, label: t('employee.add'), onClick: () => setEditing({}), testId: 'member-add' }}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch list={list} placeholder={t('employee.searchPlaceholder')} testId="member-search" />
        {filterSelect('status', t('employee.field.status'), 140, MEMBER_STATUSES.map(option('status')), {
          testId: 'member-status-filter',
        })}
        {filterSelect(
          'identityStatus',
          t('employee.field.identityStatus'),
          170,
          IDENTITY_STATUSES.map(option('identityStatus')),
        )}
        {isStaffList &&
          filterSelect(
            'roleId',
            t('employee.field.roles'),
            200,
            (roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r, i18n.language) })),
            { testId: 'member-role-filter', loading: roles.isLoading },
          )}
        {filterSelect(
          'memberType',
          t('employee.field.memberType'),
          170,
          (isStaffList ? MEMBER_TYPES : ACCOUNT_TYPES).map(option('memberType')),
          { testId: 'member-type-filter' },
        )}
        <ImportButton kind={isStaffList ? 'member' : 'account'} perm={perms.add} queryRoot="members" />
        <ExportButton list={isStaffList ? 'employee' : 'account'} params={list.params} testId="member-export" />
      </Space>
      <PagedTable {...{ columns, query, list }} noMatchText={t('employee.empty')} testId="member-table" />
      <MemberForm kind={kind} open={editing !== null} member={editing?.member} onClose={() => setEditing(null)} />
      <SetPasswordModal kind={kind} member={passwordFor} onClose={() => setPasswordFor(undefined)} />
      <ErasureDialog member={erasing} onClose={() => setErasing(undefined)} />
    </ListCard>
  );
}

export default function EmployeeList() {
  return <MemberListScreen kind="staff" />;
}
