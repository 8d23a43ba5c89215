import { useTranslation } from 'react-i18next';
import { Alert, Tag } from 'antd';
import { DICT_TYPES, PERM, type SmsBatch } from '@study-crm/shared';
import { DictBadge } from '../../components/dict';
import { listFilters } from '../../components/crud/listFilters';
import { CrudList } from '../../components/crud/CrudList';
import { linkColumn, openColumn } from '../../components/crud/columns';
import { useSentList } from '../../components/crud/useSentList';
import { SMS_ROOT, useSmsGateway, useSmsList } from './api';
import { CountTags } from './CountTags';
import { SmsCompose } from './SmsCompose';
import { SmsDetailDrawer } from './SmsDetailDrawer';
import { formatTime } from '../../lib/format';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = { keyword?: string; terminal?: string | null };

// SMS (spec sections 2 and 3): batches sent from .xlsx recipient lists with their send time and status counts,
// the new-SMS drawer, and a batch's recipients with their statuses.
export default function SmsManage() {
  const { t } = useTranslation();
  const sent = useSentList<Filters>(SMS_ROOT, PERM.smsAdd);
  const query = useSmsList(sent.list.params);
  const gateway = useSmsGateway();

  const columns: DataColumn<SmsBatch>[] = [
    linkColumn(t('sms.content'), 'content', sent.open, 'sms-open'),
    {
      title: t('sms.terminal'),
      dataIndex: 'terminal',
      width: 130,
      // A narrow box hides the file, then the terminal (the batch's drawer shows both).
      priority: 1,
      render: (v: string) => <DictBadge type={DICT_TYPES.smsTerminal} value={v} />,
    },
    { title: t('sms.sender'), dataIndex: 'sender', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('sms.fileName'), dataIndex: 'fileName', width: 160, ellipsis: true, priority: 2 },
    { title: t('sms.accepted'), dataIndex: 'accepted', width: 100 },
    {
      title: t('sms.sendAt'),
      dataIndex: 'sendAt',
      width: 190,
      render: (v: number | null) =>
        v ? (
          <>
            {formatTime(v)}
            {v > Date.now() && <Tag style={{ marginInlineStart: 6 }}>{t('sms.scheduled')}</Tag>}
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('sms.status'),
      key: 'counts',
      width: 260,
      render: (_: unknown, row) => <CountTags counts={row.counts} />,
    },
    openColumn(t, { label: t('sms.detail'), onOpen: sent.open, testId: 'sms-detail', fixed: 'right' }),
  ];

  return (
    <CrudList
      strings="sms"
      {...sent.crudList}
      exportList="sms"
      banner={
        gateway.data &&
        !gateway.data.isConfigured && (
          <Alert
            type="warning"
            showIcon
            title={t('sms.noGateway')}
            style={{ marginBottom: 16 }}
            data-testid="sms-no-gateway"
          />
        )
      }
      filters={listFilters(sent.list).dict('terminal', DICT_TYPES.smsTerminal, t('sms.allTerminals'), { width: 170 })}
      table={{ query, columns }}
    >
      {sent.composing && <SmsCompose {...sent.composeProps} />}
      <SmsDetailDrawer {...sent.detailProps} />
    </CrudList>
  );
}
