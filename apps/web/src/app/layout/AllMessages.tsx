import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Pagination, Spin, Tabs } from 'antd';
import { MESSAGE_TABS, type MessageTab } from '@study-crm/shared';
import { useMarkAllRead, useMessageBox } from './messageBox.api';
import { ItemList, TabLabel, useOpenItem } from './messageBoxParts';

// 'View more': every item of every tab, paged on the server.
export default function AllMessages({
  open,
  onClose,
  initialTab,
}: {
  open: boolean;
  onClose: () => void;
  initialTab: MessageTab;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MessageTab>(initialTab);
  const [pageNum, setPageNum] = useState(1);
  const pageSize = 10;
  const { data, isFetching } = useMessageBox({ tab, pageNum, pageSize });
  const readAll = useMarkAllRead();
  const openItem = useOpenItem(tab, onClose);
  const page = data?.[tab];
  return (
    <Drawer title={t('frame.box.all')} open={open} onClose={onClose} size={520} data-testid="box-all">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as MessageTab);
          setPageNum(1);
        }}
        tabBarExtraContent={
          <Button size="small" onClick={() => readAll.mutate(tab)} disabled={!data?.unread[tab]}>
            {t('frame.box.allRead')}
          </Button>
        }
        items={MESSAGE_TABS.map((k) => ({ key: k, label: <TabLabel tab={k} count={data?.unread[k] ?? 0} /> }))}
      />
      <Spin spinning={isFetching}>
        <ItemList tab={tab} items={page?.list ?? []} onOpen={openItem} />
      </Spin>
      {page && page.total > pageSize && (
        <Pagination
          size="small"
          style={{ marginTop: 12, textAlign: 'right' }}
          current={pageNum}
          pageSize={pageSize}
          total={page.total}
          onChange={setPageNum}
        />
      )}
    </Drawer>
  );
}
