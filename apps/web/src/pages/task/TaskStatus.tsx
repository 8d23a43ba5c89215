import { useTranslation } from 'react-i18next';
import { Dropdown, Button, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { TASK_FLOW, type Task, type TaskStatus } from '@study-crm/shared';
import { useTaskWrites } from './api';

export const STATUS_COLOR: Record<TaskStatus, string> = {
  todo: 'default',
  doing: 'blue',
  review: 'purple',
  done: 'green',
  cancelled: 'red',
};

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`task.status.${status}`)}</Tag>;
}

// "Move to…": the statuses the task's flow allows from where it is.
export function MoveStatus({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { changeStatus } = useTaskWrites();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: TASK_FLOW[task.status].map((s) => ({ key: s, label: t(`task.status.${s}`) })),
        onClick: ({ key }) => changeStatus.mutate({ id: task.id, status: key, version: task.version }),
      }}
    >
      <Button size="small" type="link" loading={changeStatus.isPending} data-testid="task-move">
        {t('task.move')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
