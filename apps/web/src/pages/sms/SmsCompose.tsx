import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Progress, Select, Space, Typography, Upload, type UploadProps } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  DICT_TYPES,
  SMS_CONTENT_MAX,
  SMS_FILE_MAX_MB,
  SMS_FILE_ROWS_MAX,
  SMS_SENDER_MAX,
  smsSegments,
  type SmsUploadResult,
} from '@study-crm/shared';
import { DictSelect } from '../../components/dict';
import { SendDrawer } from '../../components/form/SendDrawer';
import { SendTimeField } from '../../components/form/SendTimeField';
import { useConfirmedSend } from '../../components/form/useConfirmedSend';
import { downloadRejected, downloadTemplate, uploadRecipients, usePushBatch, useSmsTemplates } from './api';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/feedback';

type Values = {
  terminal?: string;
  sender?: string;
  templateId?: number | null;
  content?: string;
  when: 'now' | 'later';
  sendAt?: Dayjs | null;
  // No value: the item only carries the "recipient list cannot be empty" rule over the uploaded file.
  recipients?: never;
};

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; percent: number }
  | { phase: 'done'; result: SmsUploadResult }
  | { phase: 'refused'; message: string };

// The new-SMS drawer: terminal, sender, content typed or from a template (with its segment count), now or at a
// time, and the recipients from an .xlsx file (uploaded with progress, read into a draft batch whose rejected rows
// can be downloaded). Sending asks for confirmation.
export function SmsCompose({ onClose, onSent }: { onClose: () => void; onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const { error, send } = useConfirmedSend();
  const [form] = Form.useForm<Values>();
  const templates = useSmsTemplates();
  const push = usePushBatch();
  const [upload, setUpload] = useState<UploadState>({ phase: 'idle' });
  const content = Form.useWatch('content', form) ?? '';
  const seg = smsSegments(content);

  const customRequest: UploadProps['customRequest'] = (opts) => {
    const file = opts.file as File;
    setUpload({ phase: 'uploading', name: file.name, percent: 0 });
    uploadRecipients(file, (percent) => setUpload({ phase: 'uploading', name: file.name, percent }))
      .then((env) => {
        if (env.meta.code === 200) setUpload({ phase: 'done', result: env.data });
        else setUpload({ phase: 'refused', message: env.meta.message });
      })
      .catch((err: Error) => setUpload({ phase: 'refused', message: err.message }));
  };
  // Checked here by name (the server checks name and content again).
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!/\.xlsx$/i.test(file.name)) {
      setUpload({ phase: 'refused', message: t('sms.fileTypeError', { name: file.name }) });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  // A "recipient list cannot be empty" shown before the file was read goes once the rule sees the new file.
  useEffect(() => {
    if (upload.phase === 'done' && form.getFieldError('recipients').length)
      void form.validateFields(['recipients']).catch(() => undefined);
  }, [upload, form]);

  const pickTemplate = (id?: number) => {
    const tpl = templates.data?.find((o) => o.id === id);
    if (tpl) form.setFieldsValue({ content: tpl.content.slice(0, SMS_CONTENT_MAX) });
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || upload.phase !== 'done') return;
    const { result } = upload;
    const sendAt = values.when === 'later' && values.sendAt ? values.sendAt.valueOf() : null;
    const title = sendAt
      ? t('sms.scheduleConfirm', { count: result.accepted, time: formatTime(sendAt) })
      : t('sms.sendConfirm', { count: result.accepted });
    send(title, async () => {
      const res = await push.mutateAsync({
        id: result.id,
        terminal: values.terminal,
        sender: values.sender ?? null,
        content: values.content,
        sendAt,
      });
      toast.success(t('sms.queued', { count: res.queued }));
      onSent(res.id);
    });
  };

  const accepted = upload.phase === 'done' ? upload.result.accepted : 0;

  return (
    <SendDrawer
      name="sms"
      title={t('sms.add')}
      size={720}
      error={error}
      onClose={onClose}
      actions={
        <Button
          type="primary"
          loading={push.isPending}
          disabled={upload.phase === 'uploading'}
          onClick={() => void submit()}
          data-testid="sms-send"
        >
          {t('sms.send')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ when: 'now' }}>
        <Form.Item
          name="terminal"
          label={t('sms.terminal')}
          rules={[{ required: true, message: t('sms.terminalRequired') }]}
        >
          <DictSelect type={DICT_TYPES.smsTerminal} style={{ width: 240 }} data-testid="sms-terminal" />
        </Form.Item>
        <Form.Item name="sender" label={t('sms.sender')} extra={t('sms.senderHint')}>
          <Input maxLength={SMS_SENDER_MAX} style={{ width: 240 }} data-testid="sms-sender" />
        </Form.Item>
        <Form.Item name="templateId" label={t('sms.template')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('sms.templatePlaceholder')}
            loading={templates.isLoading}
            onChange={(v?: number) => pickTemplate(v)}
            options={templates.data?.map((o) => ({ value: o.id, label: o.name }))}
            data-testid="sms-template"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('sms.content')}
          extra={
            <Space orientation="vertical" size={0}>
              <span data-testid="sms-segments">
                {t('sms.segments', {
                  chars: content.length,
                  encoding: seg.encoding,
                  segments: seg.segments,
                  remaining: seg.remaining,
                })}
              </span>
              <span>{t('sms.contentHint', { example: '{{name}}' })}</span>
            </Space>
          }
          rules={[{ required: true, whitespace: true, message: t('crud.required', { field: t('sms.content') }) }]}
        >
          <Input.TextArea rows={4} maxLength={SMS_CONTENT_MAX} data-testid="sms-content" />
        </Form.Item>
        <SendTimeField name="sms" strings="sms" />
        {/* The label, the mark and the hint around a field that is not one control (a file upload and its draft):
            the inner item holds the rule and shows its error here, without giving a group of buttons the
            aria-required only inputs may carry. */}
        <Form.Item
          label={t('sms.recipients')}
          required
          extra={t('sms.fileHint', { rows: SMS_FILE_ROWS_MAX, size: SMS_FILE_MAX_MB })}
        >
          <Form.Item
            name="recipients"
            noStyle
            rules={[
              {
                validator: () =>
                  accepted > 0 ? Promise.resolve() : Promise.reject(new Error(t('sms.recipientsRequired'))),
              },
            ]}
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => void downloadTemplate()}
                  data-testid="sms-download-template"
                >
                  {t('sms.downloadTemplate')}
                </Button>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  maxCount={1}
                  customRequest={customRequest}
                  beforeUpload={beforeUpload}
                >
                  <Button icon={<UploadOutlined />} loading={upload.phase === 'uploading'} data-testid="sms-upload">
                    {t('sms.chooseFile')}
                  </Button>
                </Upload>
              </Space>
              {upload.phase === 'uploading' && (
                <div data-testid="sms-upload-progress">
                  <Typography.Text
                    type="secondary"
                    role="status"
                  >{`${upload.name} · ${t('sms.reading')}`}</Typography.Text>
                  <Progress percent={upload.percent} size="small" />
                </div>
              )}
              {upload.phase === 'refused' && (
                <Alert type="error" showIcon title={upload.message} data-testid="sms-upload-error" />
              )}
              {upload.phase === 'done' && (
                <Alert
                  type={upload.result.rejected ? 'warning' : 'success'}
                  showIcon
                  data-testid="sms-upload-result"
                  title={t('sms.readResult', {
                    file: upload.result.fileName,
                    rows: upload.result.rows,
                    accepted: upload.result.accepted,
                    rejected: upload.result.rejected,
                  })}
                  action={
                    upload.result.rejected > 0 ? (
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        onClick={() =>
                          void downloadRejected(
                            upload.result.id,
                            `${upload.result.fileName.replace(/\.xlsx$/i, '')}-rejected.xlsx`,
                          )
                        }
                        data-testid="sms-download-rejected"
                      >
                        {t('sms.downloadRejected')}
                      </Button>
                    ) : undefined
                  }
                />
              )}
            </Space>
          </Form.Item>
        </Form.Item>
      </Form>
    </SendDrawer>
  );
}
