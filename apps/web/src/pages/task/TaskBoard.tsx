import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Empty, Spin, Typography } from 'antd';
import { TASK_FLOW, type Task, type TaskStatus } from '@study-crm/shared';
import { useBoardColumn, useTaskWrites } from './api';

const COLUMNS: TaskStatus[] = ['todo', 'doing', 'review', 'done'];
const MIME = 'application/x-task';

// One status column: its cards (50 at most, newest first) and a drop zone that moves a dragged task here when its
// flow allows it (the column shows whether it accepts the card being dragged).
function Column({
  scope,
  status,
  dragging,
  onDragStart,
  onDragEnd,
}: {
  scope: 'all' | 'mine';
  status: TaskStatus;
  dragging: Task | null;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
}) {
  const { t } = useTranslation();
  const query = useBoardColumn(scope, status, null);
  const { changeStatus } = useTaskWrites();
  const [over, setOver] = useState(false);
  const accepts = dragging !== null && TASK_FLOW[dragging.status].includes(status);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const raw = e.dataTransfer.getData(MIME);
    if (!raw || !accepts || !dragging) return;
    changeStatus.mutate({ id: dragging.id, status, version: dragging.version });
  };
  const tasks = query.data?.list ?? [];
  return (
    <div
      className={`task-column${over && accepts ? ' task-column-over' : ''}${dragging && !accepts ? ' task-column-closed' : ''}`}
      onDragOver={(e) => {
        if (!accepts) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid={`board-${status}`}
    >
      <div className="task-column-head">
        <Typography.Text strong>{t(`task.status.${status}`)}</Typography.Text>
        <Badge count={query.data?.total ?? 0} showZero color="#165DFF" />
      </div>
      {query.isLoading ? (
        <Spin />
      ) : tasks.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.emptyColumn')} />
      ) : (
        tasks.map((task) => (
          <Card
            key={task.id}
            size="small"
            className="task-card"
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(MIME, String(task.id));
              e.dataTransfer.effectAllowed = 'move';
              onDragStart(task);
            }}
            onDragEnd={onDragEnd}
            data-testid="board-card"
          >
            <Typography.Text strong>{task.title}</Typography.Text>
            <div className="task-card-meta">
              {task.projectName}
              {task.dueDate ? ` · ${t('task.due', { date: task.dueDate })}` : ''}
              {task.points ? ` · ${t('task.pointsN', { n: task.points })}` : ''}
            </div>
          </Card>
        ))
      )}
    </div>
  );
}

// Board view by status: drag a card to another column to move the task (spec section 9 drag defaults do not apply
// to native drag and drop; the browser's own threshold is used).
export function TaskBoard({ scope }: { scope: 'all' | 'mine' }) {
  const [dragging, setDragging] = useState<Task | null>(null);
  return (
    <div className="task-board" data-testid="task-board">
      {COLUMNS.map((s) => (
        <Column
          key={s}
          scope={scope}
          status={s}
          dragging={dragging}
          onDragStart={setDragging}
          onDragEnd={() => setDragging(null)}
        />
      ))}
    </div>
  );
}
