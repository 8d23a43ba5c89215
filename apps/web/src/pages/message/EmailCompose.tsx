import { Suspense, useState } from 'react';
import { lazyPart } from '../../components/lazyPart';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Form,
  Input,
  Modal,
  Progress,
  Select,
  Spin,
  Typography,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { UploadOutlined } from '@ant-design/icons';
import {
  DICT_TYPES,
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_ATTACHMENTS_MAX_BYTES,
  EMAIL_RECIPIENTS_MAX,
  EVERY_MAIL_VARIABLE,
  isValidEmail,
  MAIL_VARIABLES,
  mergeRecipients,
  splitRecipients,
  type MailVariable,
  type Template,
} from '@study-crm/shared';
import { DictSelect } from '../../components/dict';
import { useCanOpen } from '../../navigation/useScreen';
import { PATHS as APPLICATION_PATHS } from '../../navigation/paths';
import {
  loadTemplate,
  uploadAttachment,
  useApplicationOptions,
  useEmailAgents,
  useSendEmail,
  useTemplateOptions,
  type Uploaded,
} from './api';
import { framed, HtmlPreview } from './preview';
import VariableField from './VariableField';
import { requiredText } from '../../components/crud/FormFields';
import { SendDrawer } from '../../components/form/SendDrawer';
import { SendTimeField } from '../../components/form/SendTimeField';
import { useConfirmedSend } from '../../components/form/useConfirmedSend';
import { toast } from '../../lib/feedback';
import { formatTime } from '../../lib/format';

// The editor is a separate chunk, loaded when this drawer first opens.
const RichTextEditor = lazyPart(() => import('./RichTextEditor'));

type Values = {
  senderId?: number;
  recipients?: string;
  cc?: string;
  bcc?: string;
  when?: 'now' | 'later';
  sendAt?: Dayjs | null;
  templateId?: number | null;
  applicationId?: number | null;
  subject?: string;
  content?: string;
  platform?: string;
};

// The writer's time zone, shown beside "send later" (the time picked is in it).
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// The address rule of To for Cc and Bcc (empty allowed); the cap counts To, Cc and Bcc together.
export function recipientsRule(messages: { invalid: string; tooMany: string }) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, v?: string) => {
      if (splitRecipients(v ?? '').some((a) => !isValidEmail(a))) return Promise.reject(new Error(messages.invalid));
      const all = mergeRecipients({
        to: splitRecipients(String(getFieldValue('recipients') ?? '')),
        cc: splitRecipients(String(getFieldValue('cc') ?? '')),
        bcc: splitRecipients(String(getFieldValue('bcc') ?? '')),
      });
      return all.length > EMAIL_RECIPIENTS_MAX ? Promise.reject(new Error(messages.tooMany)) : Promise.resolve();
    },
  });
}

// The application picker reads the application list (its menu screen), and the server fills an application's
// details in only for a member who may open its detail (application:view): without both the drawer has no
// application field.
export const applicationPickerShown = (canOpen: (path: string) => boolean) =>
  canOpen(APPLICATION_PATHS.list) && canOpen(APPLICATION_PATHS.detail());

// Writing an e-mail: sender, recipients (To, Cc, Bcc), a template that fills subject and content (both stay editable),
// attachments uploaded with progress, a preview in its frame, and a confirmation before it is queued.
export function EmailCompose({ onClose, onSent }: { onClose: () => void; onSent: (id: number) => void }) {
  const { t } = useTranslation();
  const { error, send: confirmSend } = useConfirmedSend();
  const [form] = Form.useForm<Values>();
  // The application's variables are offered once an application is chosen (the server fills them in from it).
  const applicationId = Form.useWatch('applicationId', form);
  const variables = applicationId ? EVERY_MAIL_VARIABLE : MAIL_VARIABLES;
  const agents = useEmailAgents();
  const templates = useTemplateOptions();
  const send = useSendEmail();
  const [files, setFiles] = useState<UploadFile<Uploaded>[]>([]);
  const [template, setTemplate] = useState<Template | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [appKeyword, setAppKeyword] = useState('');
  const canPickApplication = applicationPickerShown(useCanOpen());
  const applications = useApplicationOptions(appKeyword, canPickApplication);
  const uploading = files.some((f) => f.status === 'uploading');

  const pickTemplate = async (id: number | null | undefined) => {
    if (!id) {
      setTemplate(null);
      return;
    }
    try {
      const tpl = await loadTemplate(id);
      setTemplate(tpl);
      form.setFieldsValue({ subject: tpl.title ?? '', content: tpl.content ?? '' });
    } catch {
      // the toast already said why
    }
  };

  // Choosing an application fills the recipients with the student's e-mail when none are written yet.
  const pickApplication = (id: number | null | undefined) => {
    const app = applications.data?.list.find((a) => a.id === id);
    if (app?.email && !(form.getFieldValue('recipients') ?? '').trim()) form.setFieldsValue({ recipients: app.email });
  };

  const customRequest: UploadProps<Uploaded>['customRequest'] = (opts) => {
    const file = opts.file as File;
    const { promise } = uploadAttachment(file, (percent) => opts.onProgress?.({ percent }));
    promise
      .then((env) => {
        if (env.meta.code === 200) opts.onSuccess?.(env.data);
        else opts.onError?.(new Error(env.meta.message));
      })
      .catch((err: Error) => opts.onError?.(err));
  };
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const total = files.reduce((n, f) => n + (f.size ?? 0), 0) + file.size;
    if (files.length >= EMAIL_ATTACHMENTS_MAX || total > EMAIL_ATTACHMENTS_MAX_BYTES) {
      toast.error(t('message.email.attachmentsHint'));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || uploading) return;
    const done = files.filter((f) => f.status === 'done' && f.response);
    const count = mergeRecipients({
      to: splitRecipients(values.recipients ?? ''),
      cc: splitRecipients(values.cc ?? ''),
      bcc: splitRecipients(values.bcc ?? ''),
    }).length;
    const sendAt = values.when === 'later' && values.sendAt ? values.sendAt.valueOf() : null;
    confirmSend(
      sendAt
        ? t('message.email.scheduleConfirm', { count, time: formatTime(sendAt) })
        : t('message.email.sendConfirm', { count }),
      async () => {
        const res = await send.mutateAsync({
          senderId: values.senderId,
          recipients: values.recipients,
          cc: values.cc ?? null,
          bcc: values.bcc ?? null,
          sendAt,
          templateId: values.templateId ?? null,
          applicationId: values.applicationId ?? null,
          subject: values.subject,
          content: values.content,
          platform: values.platform,
          attachments: done.map((f) => f.response!.name),
          attachmentNames: done.map((f) => f.name),
        });
        toast.success(sendAt ? t('message.email.scheduled', { time: formatTime(sendAt) }) : t('message.email.queued'));
        onSent(res.id);
      },
      { okText: t('message.email.send') },
    );
  };

  return (
    <SendDrawer
      name="email"
      title={t('message.email.writeTitle')}
      size={860}
      error={error}
      onClose={onClose}
      actions={
        <>
          <Button
            onClick={() => setPreview(framed(template?.frameHtml, form.getFieldValue('content') ?? ''))}
            data-testid="email-preview"
          >
            {t('message.email.preview')}
          </Button>
          <Button type="primary" loading={send.isPending} disabled={uploading} onClick={() => void submit()}>
            {t('message.email.send')}
          </Button>
        </>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ platform: 'WEB', when: 'now' }}>
        <Form.Item
          name="senderId"
          label={t('message.email.sender')}
          rules={[{ required: true, message: t('crud.requiredSelect', { field: t('message.email.sender') }) }]}
        >
          <Select
            loading={agents.isLoading}
            options={agents.data?.map((a) => ({
              value: a.id,
              label: a.displayName ? `${a.displayName} <${a.account}>` : a.account,
            }))}
            data-testid="email-sender"
          />
        </Form.Item>
        <Form.Item
          name="recipients"
          label={t('message.email.recipients')}
          extra={t('message.email.recipientsHint')}
          rules={[requiredText(t, t('message.email.recipients'))]}
        >
          <Input.TextArea rows={2} data-testid="email-recipients-input" />
        </Form.Item>
        <Form.Item
          name="cc"
          label={t('message.email.cc')}
          extra={t('message.email.ccHint')}
          dependencies={['recipients', 'bcc']}
          rules={[
            recipientsRule({
              invalid: t('message.email.invalidAddress', { field: t('message.email.cc') }),
              tooMany: t('message.email.tooMany', { max: EMAIL_RECIPIENTS_MAX }),
            }),
          ]}
        >
          <Input data-testid="email-cc" />
        </Form.Item>
        <Form.Item
          name="bcc"
          label={t('message.email.bcc')}
          extra={t('message.email.bccHint')}
          dependencies={['recipients', 'cc']}
          rules={[
            recipientsRule({
              invalid: t('message.email.invalidAddress', { field: t('message.email.bcc') }),
              tooMany: t('message.email.tooMany', { max: EMAIL_RECIPIENTS_MAX }),
            }),
          ]}
        >
          <Input data-testid="email-bcc" />
        </Form.Item>
        <SendTimeField
          name="email"
          strings="message.email"
          note={
            <Typography.Text type="secondary" data-testid="email-time-zone">
              {t('message.email.timeZone', { zone: timeZone() })}
            </Typography.Text>
          }
        />
        <Form.Item name="templateId" label={t('message.email.template')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('message.email.templatePlaceholder')}
            loading={templates.isLoading}
            onChange={(v?: number) => void pickTemplate(v)}
            options={templates.data?.map((o) => ({ value: o.id, label: `${o.name} (${o.type})` }))}
            data-testid="email-template"
          />
        </Form.Item>
        {canPickApplication && (
          <Form.Item name="applicationId" label={t('message.email.application')}>
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: setAppKeyword }}
              placeholder={t('message.email.applicationPlaceholder')}
              loading={applications.isFetching}
              onChange={(v?: number) => pickApplication(v)}
              options={applications.data?.list.map((a) => ({
                value: a.id,
                label: [a.name, a.email, a.applicationDate].filter(Boolean).join(' · '),
              }))}
              data-testid="email-application"
            />
          </Form.Item>
        )}
        <VariableField
          name="subject"
          label={t('message.email.subject')}
          max={255}
          required={requiredText(t, t('message.email.subject'))}
          variables={variables}
          testId="email-subject"
        />
        <Form.Item
          name="platform"
          label={t('message.email.platform')}
          rules={[{ required: true, message: t('crud.requiredSelect', { field: t('message.email.platform') }) }]}
        >
          <DictSelect type={DICT_TYPES.platform} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('message.email.content')}
          rules={[requiredText(t, t('message.email.content'))]}
        >
          <EditorField variables={variables} />
        </Form.Item>
        <Form.Item label={t('message.email.attachments')} extra={t('message.email.attachmentsHint')}>
          <Upload<Uploaded>
            multiple
            fileList={files}
            customRequest={customRequest}
            beforeUpload={beforeUpload}
            onChange={({ fileList }) => setFiles(fileList)}
            accept=".pdf,.png,.jpg,.jpeg,.gif,.doc,.docx,.xls,.xlsx"
            itemRender={(node, file) => (
              <div>
                {node}
                {file.status === 'uploading' && <Progress percent={file.percent ?? 0} size="small" />}
              </div>
            )}
          >
            <Button icon={<UploadOutlined />} data-testid="email-upload">
              {t('message.email.upload')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={760}
        title={t('message.email.previewTitle')}
      >
        <HtmlPreview html={preview ?? ''} testId="email-preview-frame" />
      </Modal>
    </SendDrawer>
  );
}

// Form.Item passes value/onChange to its child; the lazily loaded editor shows a spinner until it arrives.
function EditorField(props: { value?: string; onChange?: (html: string) => void; variables: readonly MailVariable[] }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spin description={t('message.email.editorLoading')} />}>
      <RichTextEditor {...props} testId="email-editor" label={t('message.email.content')} />
    </Suspense>
  );
}
