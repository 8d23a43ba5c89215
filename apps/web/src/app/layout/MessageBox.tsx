import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge, Button, Empty, Popover, Spin, Tabs, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MESSAGE_TABS, type MessageBoxItem, type MessageTab } from '@study-crm/shared';
import { useMarkAllRead, useMarkRead, useMessageBox } from './messageBox.api';

// To-do kinds with a localised label (frame.box.kinds); others show the title alone.
const KNOWN_KINDS = new Set(['followUp']);

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
              {item.kind && KNOWN_KINDS.has(item.kind) && <Tag>{t(`frame.box.kinds.${item.kind}`)}</Tag>}
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
    if (item.link?.startsWith('/')) {
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

// 'View more' loads on first use.
const AllMessages = lazy(() => import('./AllMessages'));

// The navbar message box: message / notice / todo with unread counts, 'all read' and 'view more'.
export function MessageBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [more, setMore] = useState(false);
  const [tab, setTab] = useState<MessageTab>('message');
  const { data, isLoading } = useMessageBox();
  const readAll = useMarkAllRead();
  const openItem = useOpenItem(tab, () => setOpen(false));
  const total = data ? data.unread.message + data.unread.notice + data.unread.todo : 0;

  const content = (
    <div className="box-panel" data-testid="message-box">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as MessageTab)}
        items={MESSAGE_TABS.map((k) => ({
          key: k,
          label: <TabLabel tab={k} count={data?.unread[k] ?? 0} />,
          children: isLoading ? <Spin /> : <ItemList tab={k} items={data?.[k].list ?? []} onOpen={openItem} />,
        }))}
      />
      <div className="box-footer">
        <Button
          type="link"
          size="small"
          onClick={() => readAll.mutate(tab)}
          disabled={!data?.unread[tab]}
          data-testid="box-all-read"
        >
          {t('frame.box.allRead')}
        </Button>
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(false);
            setMore(true);
          }}
          data-testid="box-view-more"
        >
          {t('frame.box.viewMore')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        arrow={false}
      >
        <Badge count={total} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label={t('frame.box.title')}
            data-testid="box-bell"
          />
        </Badge>
      </Popover>
      {more && (
        <Suspense fallback={null}>
          <AllMessages open={more} onClose={() => setMore(false)} initialTab={tab} />
        </Suspense>
      )}
    </>
  );
}
