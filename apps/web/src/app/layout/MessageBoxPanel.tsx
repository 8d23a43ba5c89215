import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spin, Tabs } from 'antd';
import { MESSAGE_TABS, type MessageTab } from '@study-crm/shared';
import { useMarkAllRead, useMessageBox } from './messageBox.api';
import { ItemList, TabLabel, useOpenItem } from './messageBoxParts';
import { useAllMessages } from '../../stores/messageBox';

// What the bell opens: message / notice / todo with unread counts, 'all read' and 'view more'. A chunk of its own
// (antd's Tabs and the item list), loaded when the pointer or the keyboard comes to the bell.
export default function MessageBoxPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const openMore = useAllMessages((s) => s.open);
  const [tab, setTab] = useState<MessageTab>('message');
  const { data, isLoading } = useMessageBox();
  const readAll = useMarkAllRead();
  const openItem = useOpenItem(tab, onClose);
  return (
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
            onClose();
            openMore(tab);
          }}
          data-testid="box-view-more"
        >
          {t('frame.box.viewMore')}
        </Button>
      </div>
    </div>
  );
}
