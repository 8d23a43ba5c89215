import { useTranslation } from 'react-i18next';
import { Checkbox, DatePicker, Descriptions, Form, Skeleton, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Code,
  NOTICE_CONTENT_MAX,
  NOTICE_STATES,
  NOTICE_TITLE_MAX,
  PERM,
  type Notice,
  type NoticeState,
} from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { usePermission } from '../../components/Permission';
import { CrudList } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { useRowView } from '../../components/crud/useRowView';
import { noticeCrud, useNotice } from './api';
import { RecipientSelect } from './RecipientSelect';
import { FieldRow, fieldNames, TextField } from '../../components/crud/FormFields';
import type { DataColumn } from '../../components/crud/DataTable';
import { RecordDrawer } from '../../components/RecordDrawer';
import { EmailCopy } from './EmailCopy';

type Filters = { keyword?: string; state?: NoticeState | null; recipientId?: number | string | null };
type FormValues = {
  title: string;
  content: string;
  recipientId: number;
  publishAt?: Dayjs | null;
  expiresAt?: Dayjs | null;
  emailCopy?: boolean;
};

const STATE_COLOR: Record<NoticeState, string> = { scheduled: 'blue', published: 'green', expired: 'default' };
const TIME = 'YYYY-MM-DD HH:mm';
const at = (v: number | null | undefined) => (v ? dayjs(v).format(TIME) : null);

function StateTag({ state }: { state: NoticeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-testid="notice-state">
      {t(`notice.state.${state}`)}
    </Tag>
  );
}

function RecipientName({ notice }: { notice: Pick<Notice, 'recipientId' | 'recipientName'> }) {
  const { t } = useTranslation();
  if (notice.recipientId === 0) return <Tag color="purple">{t('notice.allMembers')}</Tag>;
  return <>{notice.recipientName ?? `#${notice.recipientId}`}</>;
}

// Member notices (spec sections 2 and 5): list, create, view, edit, delete. A notice shows in its recipient's
// message box (or every member's) from its publish time until it expires.
export default function NoticeManage() {
  const { t } = useTranslation();
  const { list, editor, query, save, actionsColumn, crudList } = useCrudList<Notice, Filters>(noticeCrud);
  const view = useRowView(useNotice);
  // The recipient search answers members' addresses and numbers, so the server opens it to those who may add a
  // notice: others filter without it, and an editor who may not add keeps a notice's recipient as it is.
  const canSearchRecipients = usePermission(PERM.noticeAdd);

  const columns: DataColumn<Notice>[] = [
    { title: t('notice.col.title'), dataIndex: 'title', key: 'title', sorter: true, ellipsis: true },
    {
      title: t('notice.col.recipient'),
      key: 'recipient',
      width: 200,
      render: (_: unknown, row: Notice) => <RecipientName notice={row} />,
    },
    {
      title: t('notice.col.publishAt'),
      dataIndex: 'publishAt',
      key: 'publishAt',
      sorter: true,
      width: 160,
      render: (v: number) => at(v),
    },
    {
      title: t('notice.col.expiresAt'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      sorter: true,
      width: 160,
      render: (v: number | null) => at(v) ?? t('notice.never'),
    },
    {
      title: t('notice.col.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: NoticeState) => <StateTag state={v} />,
    },
    actionsColumn(PERM.noticeUpdate, PERM.noticeRemove, (row) => row.title, {
      width: 190,
      before: view.action(t('notice.view'), 'notice-view'),
    }),
  ];

  const editing = editor.isNew ? null : (editor.editing as Notice);
  const initialValues: Partial<FormValues> = editing
    ? {
        title: editing.title,
        content: editing.content,
        recipientId: editing.recipientId,
        publishAt: dayjs(editing.publishAt),
        expiresAt: editing.expiresAt ? dayjs(editing.expiresAt) : null,
      }
    : { recipientId: 0 };
  const submit = (v: FormValues) =>
    save({
      ...v,
      publishAt: v.publishAt ? v.publishAt.valueOf() : null,
      expiresAt: v.expiresAt?.valueOf() ?? null,
      // Only a new notice may go out as an e-mail copy.
      emailCopy: editor.isNew && v.emailCopy ? 1 : undefined,
    });
  const field = fieldNames(t, 'notice.f', 'notice-f-');
  const n = view.record.data;

  return (
    <CrudList
      strings="notice"
      {...crudList(PERM.noticeAdd)}
      exportList="notice"
      filters={(filter) => (
        <>
          {filter.enum('state', NOTICE_STATES, 'notice.state')}
          {canSearchRecipients && (
            <RecipientSelect
              allowClear
              width={240}
              placeholder={t('notice.allRecipients')}
              aria-label={t('notice.allRecipients')}
              value={
                list.draft.recipientId === undefined || list.draft.recipientId === null || list.draft.recipientId === ''
                  ? null
                  : Number(list.draft.recipientId)
              }
              onChange={(recipientId) => list.patchDraft({ recipientId })}
              testId="notice-recipient-filter"
            />
          )}
        </>
      )}
      table={{ query, columns }}
    >
      <FormModal<FormValues>
        {...editor.dialog(t('notice.addTitle'), t('notice.editTitle'))}
        initialValues={initialValues}
        inlineCodes={[Code.BAD_REQUEST, Code.NOTICE_NO_EMAIL, Code.MAIL_UNAVAILABLE]}
        onSubmit={submit}
        testId="notice-form"
      >
        <TextField {...field('title')} max={NOTICE_TITLE_MAX} />
        <TextField {...field('content')} hint={t('notice.f.contentHint')} rows={6} max={NOTICE_CONTENT_MAX} />
        <Form.Item
          name="recipientId"
          label={t('notice.f.recipient')}
          extra={t('notice.f.recipientHint')}
          rules={[{ required: true, message: t('crud.requiredSelect', { field: t('notice.f.recipient') }) }]}
        >
          <RecipientSelect
            knownName={editing?.recipientName ?? null}
            disabled={!canSearchRecipients}
            testId="notice-f-recipient"
          />
        </Form.Item>
        <FieldRow>
          <Form.Item
            name="publishAt"
            label={t('notice.f.publishAt')}
            extra={editor.isNew ? t('notice.f.publishHint') : t('notice.f.publishHintEdit')}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} data-testid="notice-f-publishAt" />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('notice.f.expiresAt')}
            extra={t('notice.f.expiresHint')}
            dependencies={['publishAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_: unknown, v: Dayjs | null | undefined) => {
                  const from = (getFieldValue('publishAt') as Dayjs | null | undefined) ?? dayjs();
                  return !v || v.isAfter(from)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('notice.f.expiresAfter')));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} data-testid="notice-f-expiresAt" />
          </Form.Item>
        </FieldRow>
        {editor.isNew && (
          <Form.Item name="emailCopy" valuePropName="checked" extra={t('notice.emailCopyHint')}>
            <Checkbox data-testid="notice-f-emailCopy">{t('notice.emailCopy')}</Checkbox>
          </Form.Item>
        )}
      </FormModal>
      <RecordDrawer {...view.drawer} size="large" title={t('notice.viewTitle')} testId="notice-drawer">
        {view.record.isLoading && <Skeleton active />}
        {n && (
          <>
            <Typography.Title level={4} data-testid="notice-view-title">
              {n.title}
            </Typography.Title>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('notice.col.recipient')}>
                <RecipientName notice={n} />
              </Descriptions.Item>
              <Descriptions.Item label={t('notice.col.state')}>
                <StateTag state={n.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t('notice.col.publishAt')}>{at(n.publishAt)}</Descriptions.Item>
              <Descriptions.Item label={t('notice.col.expiresAt')}>
                {at(n.expiresAt) ?? t('notice.never')}
              </Descriptions.Item>
              <Descriptions.Item label={t('notice.readCount')}>{n.readCount}</Descriptions.Item>
              <Descriptions.Item label={t('notice.col.createdBy')}>{n.createdBy ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('notice.col.createdAt')}>{at(n.createdAt)}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>{t('notice.content')}</Typography.Title>
            {/* Plain text, escaped by React; line breaks kept. */}
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-view-content">
              {n.content}
            </Typography.Paragraph>
            {n.emailCopy && <EmailCopy key={n.id} noticeId={n.id} copy={n.emailCopy} />}
          </>
        )}
      </RecordDrawer>
    </CrudList>
  );
}
