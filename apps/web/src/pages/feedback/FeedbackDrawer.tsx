import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Empty, Form, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { FEEDBACK_REPLY_MAX, PERM, type FeedbackDetail } from '@study-crm/shared';
import { Permission } from '../../components/Permission';
import { RecordDrawer, type RecordDrawerProps } from '../../components/RecordDrawer';
import { useConfirm } from '../../components/form/useConfirm';
import { phoneOf, useAnswer, useFeedbackDetail } from './api';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/feedback';
import { validFields } from '../../components/form/validFields';

// One feedback: every field, the reply thread (oldest first, never edited) and, for members who may answer,
// a reply box that asks for confirmation before it sends.
export function FeedbackDrawer(props: RecordDrawerProps) {
  const { id } = props;
  const { t } = useTranslation();
  const detail = useFeedbackDetail(id);
  const f = detail.data;
  return (
    <RecordDrawer {...props} title={t('feedback.detailTitle')} testId="feedback-drawer" destroyOnHidden>
      {detail.isLoading && <Spin />}
      {detail.error ? (
        <Alert
          type="error"
          showIcon
          title={t('feedback.loadFailed')}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('crud.retry')}
            </Button>
          }
        />
      ) : null}
      {f && f.id === id && (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Fields f={f} />
          <Thread f={f} />
          <Permission perm={PERM.feedbackAnswer}>
            <ReplyBox key={f.id} f={f} />
          </Permission>
        </Space>
      )}
    </RecordDrawer>
  );
}

function Fields({ f }: { f: FeedbackDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={2} size="small" bordered data-testid="feedback-fields">
      <Descriptions.Item label={t('feedback.name')}>{f.name}</Descriptions.Item>
      <Descriptions.Item label={t('feedback.status')}>
        <Tag color={f.status === 'answered' ? 'green' : 'orange'}>{t(`feedback.state.${f.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('feedback.email')}>{f.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('feedback.phone')}>{phoneOf(f) ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('feedback.time')}>{formatTime(f.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('feedback.member')}>{f.member?.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('feedback.replyTime')} span={2}>
        <span data-testid="feedback-replied-at">{formatTime(f.repliedAt)}</span>
        {f.repliedBy ? ` · ${f.repliedBy.name}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('feedback.content')} span={2}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="feedback-content">
          {f.content}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

function Thread({ f }: { f: FeedbackDetail }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={5}>{t('feedback.thread')}</Typography.Title>
      {f.replies.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('feedback.noReplies')} />
      ) : (
        <Timeline
          data-testid="feedback-thread"
          items={f.replies.map((r) => ({
            key: r.id,
            content: (
              <div data-testid="feedback-reply">
                <Typography.Text type="secondary">{`${formatTime(r.createdAt)} · ${r.author?.name ?? '—'}`}</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>
                  {r.content}
                </Typography.Paragraph>
                <Space size={4} wrap>
                  <Tag color={r.emailed ? 'blue' : 'default'}>
                    {r.emailed ? t('feedback.emailed') : t('feedback.notEmailed')}
                  </Tag>
                  {r.messaged ? <Tag color="purple">{t('feedback.messaged')}</Tag> : null}
                </Space>
              </div>
            ),
          }))}
        />
      )}
    </div>
  );
}

function ReplyBox({ f }: { f: FeedbackDetail }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const answer = useAnswer();
  const [form] = Form.useForm<{ content: string }>();
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async () => {
    const values = await validFields(form);
    if (!values) return;
    const { content } = values;
    confirm(t('feedback.confirmReply'), async () => {
      setServerError(null);
      try {
        await answer.mutateAsync({ id: f.id, content });
        form.resetFields();
        toast.success(t('feedback.replied'));
      } catch (err) {
        setServerError(err instanceof Error ? err.message : String(err));
      }
    });
  };

  return (
    <Form form={form} layout="vertical" data-testid="feedback-reply-form">
      <Form.Item
        name="content"
        label={f.replies.length ? t('feedback.followUp') : t('feedback.send')}
        rules={[{ required: true, whitespace: true, message: t('feedback.replyRequired') }]}
        validateStatus={serverError ? 'error' : undefined}
        help={serverError ?? undefined}
      >
        <Input.TextArea
          rows={4}
          maxLength={FEEDBACK_REPLY_MAX}
          showCount
          placeholder={t('feedback.replyPlaceholder')}
          data-testid="feedback-reply-input"
        />
      </Form.Item>
      <Button
        type="primary"
        loading={answer.isPending}
        onClick={() => void send().catch(() => undefined)}
        data-testid="feedback-reply-send"
      >
        {t('feedback.send')}
      </Button>
    </Form>
  );
}
