import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge, Empty, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { JOB_LINK_RE, type MessageBoxItem, type MessageTab } from '@study-crm/shared';
import { downloadJob } from '../../components/crud/jobs';
import { useMarkRead } from './messageBox.api';

// The message box parts shared by the navbar drawer (MessageBox) and the full list (AllMessages).

// To-do kinds with a localised label (frame.box.kinds); others show the title alone.
const KNOWN_KINDS = new Set([
  'followUp',
  'feedback',
  'ukPassport',
  'ukDeadline',
  'ukLanguage',
  'ukLanguageFlag',
  'ukCas',
  'ukFunds',
  'dataRequest',
]);

export function ItemList({
  tab,
  items,
  onOpen,
}: {
  tab: MessageTab;
  items: MessageBoxItem[];
  onOpen: (i: MessageBoxItem) => void;
}) {
  const { t } = useTranslation();
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('frame.box.empty')} />;
  // A plain list of buttons: each row opens its item by click, Enter or Space.
  return (
    <ul className="box-list">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className={`box-item${item.read ? '' : ' unread'}`}
            onClick={() => onOpen(item)}
            data-testid={`box-item-${tab}`}
          >
            <span className="box-item-title">
              {/* A done to-do no longer counts as unread, so it shows no unread dot either. */}
              {!item.read && !item.done && <Badge status="processing" />}{' '}
              {item.kind && KNOWN_KINDS.has(item.kind) && (
                <Tag>{t(`frame.box.kinds.${item.kind as 'followUp' | 'feedback' | 'ukPassport'}`)}</Tag>
              )}
              {item.title}
              {item.done === 1 && (
                <Tag color="green" style={{ marginInlineStart: 8 }}>
                  {t('frame.box.done')}
                </Tag>
              )}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.content ? <span className="box-item-content">{item.content}</span> : null}
              {item.dueAt
                ? t('frame.box.due', { date: dayjs(item.dueAt).format('YYYY-MM-DD HH:mm') })
                : dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function useOpenItem(tab: MessageTab, after?: () => void) {
  const read = useMarkRead();
  const navigate = useNavigate();
  return (item: MessageBoxItem) => {
    if (!item.read) read.mutate({ tab, id: item.id });
    // A finished background job's file (an export): downloaded through the API client, which signs the call.
    const job = item.link ? JOB_LINK_RE.exec(item.link) : null;
    if (job) {
      void downloadJob(Number(job[1]));
      after?.();
    } else if (item.link?.startsWith('/')) {
      navigate(item.link);
      after?.();
    }
  };
}

export function TabLabel({ tab, count }: { tab: MessageTab; count: number }) {
  const { t } = useTranslation();
  return (
    <span data-testid={`box-tab-${tab}`}>
      {t(`frame.box.${tab}`)} {count > 0 && <Badge count={count} size="small" />}
    </span>
  );
}
