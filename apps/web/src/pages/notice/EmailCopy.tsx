import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Space, Typography } from 'antd';
import { EMAIL_STATUSES, PERM, type NoticeCopyRecipient, type NoticeEmailCopy } from '@study-crm/shared';
import { usePermission } from '../../components/Permission';
import { DeliveryCounts, deliveryColumns } from '../../components/delivery';
import { RecipientPage } from '../../components/RecipientPage';
import { COPY_PAGE_SIZE, useNoticeCopyRecipients } from './api';

type Status = (typeof EMAIL_STATUSES)[number];

// The e-mail copy's delivery: its recipients per status for everyone who may open the notice; the recipients
// themselves (members' addresses, every member's for a notice to all) a page at a time, only for a member who may
// add notices, as the server answers them.
export function EmailCopy({ noticeId, copy }: { noticeId: number; copy: NoticeEmailCopy }) {
  const { t } = useTranslation();
  const canReadAddresses = usePermission(PERM.noticeAdd);
  const statusName = (s: Status) => t(`notice.copy.delivery.${s}`);
  return (
    <>
      <Typography.Title level={5}>{t('notice.emailCopyTitle')}</Typography.Title>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space size={8} wrap>
          <span data-testid="notice-copy-count">{t('notice.copy.count', { count: copy.recipientCount })}</span>
          <DeliveryCounts summary={copy.summary} statusName={statusName} testId="notice-copy-summary" />
        </Space>
        {canReadAddresses ? (
          <CopyRecipients noticeId={noticeId} copy={copy} statusName={statusName} />
        ) : (
          <Typography.Text type="secondary" data-testid="notice-copy-hidden">
            {t('notice.copy.addressesHidden')}
          </Typography.Text>
        )}
      </Space>
    </>
  );
}

function CopyRecipients(props: { noticeId: number; copy: NoticeEmailCopy; statusName: (s: Status) => string }) {
  const { t } = useTranslation();
  const { summary } = props.copy;
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Status | null>(null);
  const isSending = (summary.queued ?? 0) + (summary.sending ?? 0) > 0;
  const progress = EMAIL_STATUSES.map((s) => summary[s] ?? 0).join('/');
  const recipients = useNoticeCopyRecipients({ id: props.noticeId, pageNum, status }, progress, isSending);
  const columns = [
    { title: t('notice.copy.recipient'), dataIndex: 'recipient' },
    ...deliveryColumns<NoticeCopyRecipient>({
      labels: {
        status: t('notice.copy.status'),
        attempts: t('notice.copy.attempts'),
        error: t('notice.copy.error'),
        sentAt: t('notice.copy.sentAt'),
      },
      statusName: props.statusName,
      statusTestId: (s) => `notice-copy-${s}`,
    }),
  ];
  return (
    <RecipientPage<NoticeCopyRecipient, Status>
      statuses={EMAIL_STATUSES}
      statusName={props.statusName}
      statusLabel={t('notice.copy.status')}
      status={status}
      onStatus={(s) => {
        setStatus(s);
        setPageNum(1);
      }}
      columns={columns}
      result={recipients}
      page={pageNum}
      pageSize={COPY_PAGE_SIZE}
      onPage={setPageNum}
      testId="notice-copy"
    />
  );
}
