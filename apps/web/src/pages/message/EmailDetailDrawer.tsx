import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Descriptions, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EMAIL_STATUSES, PERM, type EmailRecipient } from '@study-crm/shared';
import { Permission } from '../../components/Permission';
import { RecordDrawer, type RecordDrawerProps } from '../../components/RecordDrawer';
import {
  RECIPIENTS_PAGE_SIZE,
  useCancelEmail,
  useEmailDetail,
  useEmailRecipients,
  useReschedule,
  useResend,
} from './api';
import { useConfirm } from '../../components/form/useConfirm';
import { HtmlPreview } from './preview';
import { StatusSummary } from './StatusSummary';
import { deliveryColumns } from '../../components/delivery';
import { RecipientPage } from '../../components/RecipientPage';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/feedback';

type Recipient = EmailRecipient;
type Status = (typeof EMAIL_STATUSES)[number];

const kb = (size: number) => (size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`);

// One e-mail: its recipients per status and, a page at a time from the server, each recipient's status and error as
// the outbox has them (polled while any is queued or sending), its attachments and content, and a resend of the
// failed recipients.
export function EmailDetailDrawer(props: RecordDrawerProps) {
  const { id } = props;
  const { t } = useTranslation();
  const detail = useEmailDetail(id);
  const resend = useResend();
  const reschedule = useReschedule();
  const cancel = useCancelEmail();
  const confirm = useConfirm();
  const [newTime, setNewTime] = useState<Dayjs | null>(null);
  const e = detail.data;
  // Send later: the time may change, or the e-mail be cancelled, while every recipient is still queued.
  const isHeld = !!e?.sendAt && e.summary.queued === e.recipientCount && e.recipientCount > 0;
  // The recipients' page and status filter, back to the first page and every status for another e-mail.
  const [paging, setPaging] = useState<{ id: number | null; page: number; status: Status | null }>({
    id,
    page: 1,
    status: null,
  });
  const page = paging.id === id ? paging.page : 1;
  const status = paging.id === id ? paging.status : null;
  const setPage = (next: number) => setPaging({ id, page: next, status });
  const s = e?.summary;
  const isSending = !!s && s.queued + s.sending > 0 && (e.sendAt ?? 0) <= Date.now();
  const progress = s ? EMAIL_STATUSES.map((k) => s[k]).join('/') : null;
  const recipients = useEmailRecipients({ id, pageNum: page, status }, progress, isSending);
  const statusName = (k: Status) => t(`message.email.delivery.${k}`);

  const columns = [
    { title: t('message.email.recipients'), dataIndex: 'recipient' },
    {
      title: t('message.email.role'),
      dataIndex: 'role',
      width: 110,
      render: (role: Recipient['role']) => (
        <span data-testid={`recipient-role-${role}`}>{t(`message.email.roles.${role}`)}</span>
      ),
    },
    ...deliveryColumns<Recipient>({
      labels: {
        status: t('message.email.status'),
        attempts: t('message.email.attempts'),
        error: t('message.email.error'),
        sentAt: t('message.email.sentAt'),
      },
      statusName,
      statusTestId: (k) => `recipient-status-${k}`,
    }),
  ];

  const doResend = async () => {
    if (!e) return;
    try {
      const res = await resend.mutateAsync({ id: e.id });
      toast.success(t('message.email.resent', { count: res.requeued }));
    } catch {
      // the toast already said why
    }
  };

  const doReschedule = async () => {
    if (!e || !newTime) return;
    try {
      const res = await reschedule.mutateAsync({ id: e.id, sendAt: newTime.valueOf() });
      toast.success(t('message.email.rescheduled', { time: formatTime(res.sendAt) }));
      setNewTime(null);
    } catch {
      // the toast already said why
    }
  };
  const doCancel = () => {
    if (!e) return;
    confirm(
      t('message.email.cancelConfirm'),
      async () => {
        await cancel.mutateAsync({ id: e.id });
        toast.success(t('message.email.cancelled'));
      },
      { danger: true, okText: t('message.email.cancelSend'), okTestId: 'email-cancel-ok' },
    );
  };

  return (
    <RecordDrawer
      {...props}
      wide
      title={t('message.email.detailTitle')}
      testId="email-detail-drawer"
      extra={
        e && e.summary.failed > 0 ? (
          <Permission perm={PERM.emailResend}>
            <Button danger loading={resend.isPending} onClick={() => void doResend()} data-testid="email-resend">
              {t('message.email.resend')}
            </Button>
          </Permission>
        ) : null
      }
    >
      {e && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('message.email.subject')} span={2}>
              {e.subject}
            </Descriptions.Item>
            <Descriptions.Item label={t('message.email.sender')}>{e.sender}</Descriptions.Item>
            <Descriptions.Item label={t('message.email.time')}>{formatTime(e.createdAt)}</Descriptions.Item>
            {e.sendAt !== null && (
              <Descriptions.Item label={t('message.email.sendAt')} span={2}>
                <Space wrap>
                  <span data-testid="email-send-at-value">{formatTime(e.sendAt)}</span>
                  {isHeld && (
                    <Permission perm={PERM.emailAdd}>
                      <DatePicker
                        showTime={{ format: 'HH:mm' }}
                        format="YYYY-MM-DD HH:mm"
                        size="small"
                        value={newTime}
                        onChange={setNewTime}
                        disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                        data-testid="email-reschedule-at"
                      />
                      <Button
                        size="small"
                        disabled={!newTime}
                        loading={reschedule.isPending}
                        onClick={() => void doReschedule()}
                        data-testid="email-reschedule"
                      >
                        {t('message.email.reschedule')}
                      </Button>
                      <Button size="small" danger onClick={doCancel} data-testid="email-cancel">
                        {t('message.email.cancelSend')}
                      </Button>
                    </Permission>
                  )}
                </Space>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('message.email.status')} span={2}>
              <StatusSummary summary={e.summary} />
            </Descriptions.Item>
            <Descriptions.Item label={t('message.email.attachments')} span={2}>
              {e.attachments.length ? (
                <Space wrap data-testid="email-attachments">
                  {e.attachments.map((a) => (
                    <Tag key={a.name}>{`${a.originalName} (${kb(a.size)})`}</Tag>
                  ))}
                </Space>
              ) : (
                t('message.email.none')
              )}
            </Descriptions.Item>
          </Descriptions>
          <RecipientPage<Recipient, Status>
            statuses={EMAIL_STATUSES}
            statusName={statusName}
            statusLabel={t('message.email.status')}
            status={status}
            onStatus={(s) => setPaging({ id, page: 1, status: s })}
            columns={columns}
            result={recipients}
            page={page}
            pageSize={RECIPIENTS_PAGE_SIZE}
            onPage={setPage}
            testId="email-recipients"
          />
          <HtmlPreview html={e.content} height={320} testId="email-content" />
        </Space>
      )}
    </RecordDrawer>
  );
}
