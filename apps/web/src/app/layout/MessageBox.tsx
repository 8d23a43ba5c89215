import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Popover, Spin, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { MESSAGE_TABS, type MessageTab } from '@study-crm/shared';
import { useMarkAllRead, useMessageBox } from './messageBox.api';
import { ItemList, TabLabel, useOpenItem } from './messageBoxParts';
import { IconButton } from '../../components/IconButton';
import { useAllMessages } from '../../stores/messageBox';

// 'View more' loads on first use.
const AllMessages = lazy(() => import('./AllMessages'));

// The navbar message box: message / notice / todo with unread counts, 'all read' and 'view more'.
export function MessageBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const more = useAllMessages((s) => s.tab);
  const openMore = useAllMessages((s) => s.open);
  const closeMore = useAllMessages((s) => s.close);
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
            openMore(tab);
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
          <IconButton icon={<BellOutlined />} label={t('frame.box.title')} testId="box-bell" />
        </Badge>
      </Popover>
      {more && (
        <Suspense fallback={null}>
          <AllMessages open onClose={closeMore} initialTab={more} />
        </Suspense>
      )}
    </>
  );
}
