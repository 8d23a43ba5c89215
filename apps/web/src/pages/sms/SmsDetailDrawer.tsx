import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions, Space, Typography } from 'antd';
import { DELIVERY_STATUSES, DICT_TYPES, type EndpointData, type smsApi } from '@study-crm/shared';
import { DictBadge } from '../../components/dict';
import { RecordDrawer, type RecordDrawerProps } from '../../components/RecordDrawer';
import { useSmsBatch, useSmsRecipients } from './api';
import { CountTags } from './CountTags';
import { deliveryColumns } from '../../components/delivery';
import { RecipientPage } from '../../components/RecipientPage';
import { formatTime } from '../../lib/format';

type Recipient = EndpointData<typeof smsApi.recipients>['list'][number];
type Status = (typeof DELIVERY_STATUSES)[number];

// One batch: its settings and counts, and each recipient's status and error as the outbox has them (polled while
// any is due and not yet sent).
export function SmsDetailDrawer({ id, onClose }: RecordDrawerProps) {
  const { t } = useTranslation();
  const batch = useSmsBatch(id);
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Status | null>(null);
  const b = batch.data;
  const isSending = !!b && b.counts.queued + b.counts.sending > 0 && (b.sendAt ?? 0) <= Date.now();
  const progress = b ? `${b.counts.queued}/${b.counts.sending}/${b.counts.sent}/${b.counts.failed}` : null;
  const recipients = useSmsRecipients({ id, pageNum, status }, progress, isSending);

  const columns = [
    { title: t('sms.recipient'), dataIndex: 'recipient', width: 170 },
    ...deliveryColumns<Recipient>({
      labels: { status: t('sms.status'), attempts: t('sms.attempts'), error: t('sms.error'), sentAt: t('sms.sentAt') },
      statusName: (s) => t(`sms.delivery.${s}`),
      statusTestId: (s) => `sms-recipient-${s}`,
    }),
  ];

  return (
    <RecordDrawer
      id={id}
      onClose={() => {
        setPageNum(1);
        setStatus(null);
        onClose();
      }}
      wide
      title={t('sms.detailTitle')}
      testId="sms-detail-drawer"
    >
      {b && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
            <Descriptions.Item label={t('sms.sendAt')}>{formatTime(b.sendAt)}</Descriptions.Item>
            <Descriptions.Item label={t('sms.accepted')}>{b.accepted}</Descriptions.Item>
            <Descriptions.Item label={t('sms.rejected')}>{b.rejected}</Descriptions.Item>
            <Descriptions.Item label={t('sms.status')} span={2}>
              <CountTags counts={b.counts} />
            </Descriptions.Item>
          </Descriptions>
          <RecipientPage<Recipient, Status>
            statuses={DELIVERY_STATUSES}
            statusName={(s) => t(`sms.delivery.${s}`)}
            statusLabel={t('sms.status')}
            status={status}
            onStatus={(s) => {
              setStatus(s);
              setPageNum(1);
            }}
            columns={columns}
            result={recipients}
            page={pageNum}
            pageSize={10}
            onPage={setPageNum}
            testId="sms-recipients"
          />
        </Space>
      )}
    </RecordDrawer>
  );
}
