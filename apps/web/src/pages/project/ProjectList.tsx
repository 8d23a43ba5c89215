import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, Progress, Tag, Typography } from 'antd';
import { EnumSelect } from '../../components/crud/EnumSelect';
import dayjs, { type Dayjs } from 'dayjs';
import { PERM, PROJECT_STATUSES, type Project, type ProjectStatus, type projectApi } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { CrudList } from '../../components/crud/CrudList';
import { EnumFilter } from '../../components/crud/filters';
import { useEditor } from '../../components/crud/useListScreen';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { PROJECT_ROOT, useProjectList, useProjectWrites } from './api';
import { projectDetailPath } from './paths';
import { RoleTag, StatusTag } from './tags';
import { formatTime } from '../../lib/format';
import { actionsColumn } from '../../components/crud/columns';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = ListFilters<typeof projectApi.list>;
export type ProjectFormValues = {
  name: string;
  description?: string | null;
  status: ProjectStatus;
  dates?: [Dayjs | null, Dayjs | null] | null;
};

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

// Form values → wire fields (dates as YYYY-MM-DD).
export const projectBody = (v: ProjectFormValues) => ({
  name: v.name,
  description: v.description ?? null,
  status: v.status,
  startDate: day(v.dates?.[0]),
  endDate: day(v.dates?.[1]),
});

export const projectInitial = (p: Project | null): Partial<ProjectFormValues> =>
  p
    ? {
        name: p.name,
        description: p.description,
        status: p.status,
        dates: [p.startDate ? dayjs(p.startDate) : null, p.endDate ? dayjs(p.endDate) : null],
      }
    : { status: 'planning' };

// The add/edit fields of a project.
export function ProjectFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('project.f.name')}
        rules={[{ required: true, whitespace: true, message: t('crud.required', { field: t('project.f.name') }) }]}
      >
        <Input maxLength={100} data-testid="project-f-name" />
      </Form.Item>
      <Form.Item name="status" label={t('project.f.status')}>
        <EnumSelect values={PROJECT_STATUSES} labels="project.status" testId="project-f-status" />
      </Form.Item>
      <Form.Item name="dates" label={t('project.f.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('project.f.description')}>
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
    </>
  );
}

// All projects (menu: project management) and the member's own projects (user centre): the same list, the
// first filtered by the server to the caller's memberships.
export function ProjectList({ scope }: { scope: 'all' | 'mine' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<Filters>({ queryRoot: [PROJECT_ROOT] });
  const editor = useEditor<Project>();
  const query = useProjectList(scope, list.params);
  const writes = useProjectWrites();

  const columns: DataColumn<Project>[] = [
    {
      title: t('project.col.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      ellipsis: true,
      render: (v: string, r) => (
        <Typography.Link onClick={() => navigate(projectDetailPath(r.id))} data-testid="project-row-name">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('project.col.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: ProjectStatus) => <StatusTag status={s} />,
    },
    {
      title: t('project.col.dates'),
      key: 'startDate',
      sorter: true,
      width: 210,
      render: (_: unknown, r) => (r.startDate || r.endDate ? `${r.startDate ?? '…'} – ${r.endDate ?? '…'}` : '—'),
    },
    { title: t('project.col.members'), dataIndex: 'memberCount', width: 90 },
    {
      title: t('project.col.shares'),
      dataIndex: 'shareTotal',
      width: 160,
      render: (v: number) => (
        <Progress percent={v} size="small" format={(p) => `${p}%`} aria-label={t('project.col.shares')} />
      ),
    },
    {
      title: t('project.col.myRole'),
      dataIndex: 'myRole',
      width: 110,
      render: (r: Project['myRole']) => (r ? <RoleTag role={r} /> : <Tag>{t('project.notMember')}</Tag>),
    },
    {
      title: t('project.col.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 160,
      // A narrow box keeps the project's period and hides when it was created.
      priority: 1,
      render: formatTime,
    },
    actionsColumn<Project>(t, {
      updatePerm: PERM.projectUpdate,
      removePerm: PERM.projectRemove,
      name: (row) => row.name,
      onEdit: editor.edit,
      onRemove: (row) => writes.remove.mutateAsync({ id: row.id }),
      width: 130,
    }),
  ];

  return (
    <CrudList
      strings="project"
      title={t(scope === 'all' ? 'project.titleAll' : 'project.titleMine')}
      testId={`project-list-${scope}`}
      list={list}
      add={{ perm: PERM.projectAdd, onClick: () => editor.edit('new') }}
      exportList={scope === 'all' ? 'project' : undefined}
      filters={<EnumFilter list={list} name="status" values={PROJECT_STATUSES} labels="project.status" draft />}
      table={{
        query,
        columns: scope === 'all' ? columns : columns.filter((c) => c.key !== 'actions'),
        emptyText: t(scope === 'all' ? 'project.empty' : 'project.emptyMine'),
      }}
    >
      <FormModal<ProjectFormValues>
        {...editor.dialog(t('project.addTitle'), t('project.editTitle'))}
        initialValues={projectInitial(editor.isNew ? null : (editor.editing as Project))}
        inlineCodes={[]}
        onSubmit={async (v) => {
          const saved = await editor.save(projectBody(v), writes.add, writes.update);
          if (editor.isNew) navigate(projectDetailPath(saved.id));
        }}
        testId="project-form"
      >
        <ProjectFields />
      </FormModal>
    </CrudList>
  );
}

export default function AllProjects() {
  return <ProjectList scope="all" />;
}
