import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions, Drawer, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { DELIVERY_STATUSES, DICT_TYPES, type EndpointData, type smsApi } from '@study-crm/shared';
import { DictBadge } from '../../components/dict';
import { useSmsBatch, useSmsRecipients } from './api';
import { CountTags, STATUS_COLORS } from './CountTags';

type Recipient = EndpointData<typeof smsApi.recipients>['list'][number];
type Status = (typeof DELIVERY_STATUSES)[number];

// One batch: its settings and counts, and each recipient's status and error as the outbox has them (polled while
// any is due and not yet sent).
export function SmsDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const batch = useSmsBatch(id);
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Status | null>(null);
  const b = batch.data;
  const isSending = !!b && b.counts.queued + b.counts.sending > 0 && (b.sendAt ?? 0) <= Date.now();
  const recipients = useSmsRecipients({ id, pageNum, status }, isSending);

  const columns = [
    { title: t('sms.recipient'), dataIndex: 'recipient', width: 170 },
    {
      title: t('sms.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: Status) => (
        <Tag color={STATUS_COLORS[s]} data-testid={`sms-recipient-${s}`}>
          {t(`sms.s_${s}`)}
        </Tag>
      ),
    },
    { title: t('sms.attempts'), dataIndex: 'attempts', width: 100 },
    {
      title: t('sms.error'),
      dataIndex: 'error',
      render: (v: string | null, row: Recipient) =>
        v ? (
          <Tooltip title={row.detail}>
            <Typography.Text type="danger">{v}</Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('sms.sentAt'),
      dataIndex: 'sentAt',
      width: 160,
      render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setPageNum(1);
        setStatus(null);
        onClose();
      }}
      size={880}
      title={t('sms.detailTitle')}
      data-testid="sms-detail-drawer"
    >
      {b && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('sms.content')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {b.content}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('sms.terminal')}>
              <DictBadge type={DICT_TYPES.smsTerminal} value={b.terminal} />
            </Descriptions.Item>
            <Descriptions.Item label={t('sms.sender')}>{b.sender ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('sms.fileName')}>{b.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('sms.sendAt')}>
              {b.sendAt ? dayjs(b.sendAt).format('YYYY-MM-DD HH:mm') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('sms.accepted')}>{b.accepted}</Descriptions.Item>
            <Descriptions.Item label={t('sms.rejected')}>{b.rejected}</Descriptions.Item>
            <Descriptions.Item label={t('sms.status')} span={2}>
              <CountTags counts={b.counts} />
            </Descriptions.Item>
          </Descriptions>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('sms.allStatus')}
            value={status ?? undefined}
            onChange={(v?: Status) => {
              setStatus(v ?? null);
              setPageNum(1);
            }}
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`sms.s_${s}`) }))}
          />
          <Table<Recipient>
            size="small"
            rowKey="recipient"
            columns={columns}
            loading={recipients.isFetching && !recipients.data}
            dataSource={recipients.data?.list ?? []}
            pagination={{
              current: pageNum,
              pageSize: 10,
              total: recipients.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPageNum,
            }}
            data-testid="sms-recipients"
          />
        </Space>
      )}
    </Drawer>
  );
}
