import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PERM, TASK_STATUSES, type Task, type TaskStatus, type taskApi } from '@study-crm/shared';
import { CrudList } from '../../components/crud/CrudList';
import { FormModal } from '../../components/crud/FormModal';
import { RowActions } from '../../components/crud/RowActions';
import { useEditor } from '../../components/crud/useListScreen';
import { useListState, type ListFilters } from '../../components/crud/useListState';
import { kpiName, TASK_ROOT, useTaskList, useTaskWrites } from './api';
import { TaskBoard } from './TaskBoard';
import { TaskFields } from './TaskForm';
import { MoveStatus, TaskStatusTag } from './TaskStatus';
import './task.css';
import type { DataColumn } from '../../components/crud/DataTable';
import { personColumn } from '../../components/crud/columns';

type Filters = ListFilters<typeof taskApi.list>;
type Values = {
  projectId: number;
  title: string;
  assigneeId?: number | null;
  kpiTypeId?: number | null;
  points?: number | null;
  dueDate?: Dayjs | null;
  description?: string | null;
};

const toBody = (v: Values) => ({ ...v, dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : null });

// All tasks (menu: Projects → All tasks) and the member's own tasks (user centre → My tasks), as a list or a board.
export function TaskList({ scope }: { scope: 'all' | 'mine' }) {
  const { t, i18n } = useTranslation();
  const list = useListState<Filters>({ queryRoot: [TASK_ROOT] });
  const editor = useEditor<Task>();
  const query = useTaskList(scope, list.params);
  const writes = useTaskWrites();
  const [view, setView] = useState<'list' | 'board'>('list');
  const editing = editor.isNew ? null : (editor.editing as Task);

  const columns: DataColumn<Task>[] = [
    { title: t('task.col.title'), dataIndex: 'title', key: 'title', sorter: true, ellipsis: true },
    // A narrow box hides the project (the task's form shows it).
    { title: t('task.col.project'), dataIndex: 'projectName', width: 160, ellipsis: true, priority: 1 },
    personColumn(t('task.col.assignee'), 'assignee', 130, '—'),
    {
      title: t('task.col.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: TaskStatus) => <TaskStatusTag status={s} />,
    },
    {
      title: t('task.col.kpi'),
      key: 'kpi',
      width: 170,
      render: (_: unknown, r) => (r.kpiType ? `${kpiName(r.kpiType, i18n.language)} · ${r.points}` : r.points || '—'),
    },
    {
      title: t('task.col.dueDate'),
      dataIndex: 'dueDate',
      key: 'dueDate',
      sorter: true,
      width: 120,
      render: (v?: string) => v ?? '—',
    },
    {
      title: t('crud.actions'),
      key: 'actions',
      width: 220,
      render: (_: unknown, row) => (
        <Space size={4}>
          <MoveStatus task={row} />
          {scope === 'all' && (
            <RowActions
              name={row.title}
              updatePerm={PERM.taskUpdate}
              removePerm={PERM.taskRemove}
              onEdit={() => editor.edit(row)}
              onRemove={() => writes.remove.mutateAsync({ id: row.id })}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <CrudList
      strings="task"
      title={t(scope === 'all' ? 'task.titleAll' : 'task.titleMine')}
      testId={`task-list-${scope}`}
      exportList={scope === 'all' ? 'task' : undefined}
      extra={
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'list' | 'board')}
          options={[
            { value: 'list', label: t('task.viewList') },
            { value: 'board', label: <span data-testid="task-view-board">{t('task.viewBoard')}</span> },
          ]}
        />
      }
      otherView={view === 'board' ? <TaskBoard scope={scope} /> : undefined}
      list={list}
      add={{ perm: PERM.taskAdd, onClick: () => editor.edit('new') }}
      filters={(filter) => filter.enum('status', TASK_STATUSES, 'task.status')}
      table={{
        query,
        columns,
        emptyText: t(scope === 'all' ? 'task.empty' : 'task.emptyMine'),
      }}
    >
      <FormModal<Values>
        {...editor.dialog(t('task.addTitle'), t('task.editTitle'))}
        initialValues={
          editing
            ? {
                projectId: editing.projectId,
                title: editing.title,
                assigneeId: editing.assignee?.id ?? null,
                kpiTypeId: editing.kpiType?.id ?? null,
                points: editing.points,
                dueDate: editing.dueDate ? dayjs(editing.dueDate) : null,
                description: editing.description,
              }
            : { points: 0 }
        }
        inlineCodes={[]}
        onSubmit={(v) => editor.save(toBody(v), writes.add, writes.update)}
        testId="task-form"
      >
        <TaskFields knownProject={editing ? { id: editing.projectId, name: editing.projectName } : null} />
      </FormModal>
    </CrudList>
  );
}

export default function AllTasks() {
  return <TaskList scope="all" />;
}
