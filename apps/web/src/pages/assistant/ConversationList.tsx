import { useTranslation } from 'react-i18next';
import { Button, Empty, Result, Spin, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useConfirm } from '../../components/form/useConfirm';
import { useConversations, useRemoveConversation } from './api';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/feedback';

// The member's conversations, the most recently used first: open one, or delete it after confirming.
export function ConversationList({
  current,
  onOpen,
  onRemoved,
}: {
  current: number | null;
  onOpen: (id: number) => void;
  onRemoved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const query = useConversations(true);
  const remove = useRemoveConversation();

  if (query.isLoading) return <Spin className="xk-center" />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('assistant.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('assistant.retry')}</Button>}
      />
    );
  }
  const list = query.data?.list ?? [];
  if (!list.length) return <Empty className="xk-center" description={t('assistant.noHistory')} />;

  const askRemove = (id: number) =>
    confirm(
      t('assistant.removeConfirm'),
      async () => {
        await remove.mutateAsync({ id });
        toast.success(t('assistant.removed'));
        onRemoved(id);
      },
      { danger: true },
    );

  return (
    <ul className="xk-history" data-testid="xiaok-history-list">
      {list.map((c) => (
        <li key={c.id} className={c.id === current ? 'xk-history-item is-current' : 'xk-history-item'}>
          <button
            type="button"
            className="xk-history-open"
            onClick={() => onOpen(c.id)}
            data-testid="xiaok-conversation"
          >
            <Typography.Text ellipsis className="xk-history-title">
              {c.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="xk-history-time">
              {formatTime(c.updatedAt)}
            </Typography.Text>
          </button>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('assistant.remove')}
            onClick={() => askRemove(c.id)}
            data-testid="xiaok-remove"
          />
        </li>
      ))}
    </ul>
  );
}
