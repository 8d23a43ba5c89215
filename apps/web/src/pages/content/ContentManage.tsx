import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Switch, Tag } from 'antd';
import { EnumSelect } from '../../components/crud/EnumSelect';
import dayjs, { type Dayjs } from 'dayjs';
import { CONTENT_BODY_MAX, CONTENT_LOCALES, CONTENT_STATUSES, PERM, type ContentItem } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { CrudList } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { contentCrud } from './api';
import { FieldRow, TextField } from '../../components/crud/FormFields';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = { keyword?: string; status?: ContentItem['status'] | null };
type Values = {
  title: string;
  body: string;
  locale: ContentItem['locale'];
  status: ContentItem['status'];
  pinned: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
};
const TIME = 'YYYY-MM-DD HH:mm';
const at = (v: number | null) => (v ? dayjs(v).format(TIME) : '…');

// Announcements (issue 21): plain-text items shown on the login page and the dashboard while published and inside
// their window, in their language (or all), pinned first.
export default function ContentManage() {
  const { t } = useTranslation();
  const { editor, query, save, actionsColumn, crudList } = useCrudList<ContentItem, Filters>(contentCrud);
  const editing = editor.isNew ? null : (editor.editing as ContentItem);

  const columns: DataColumn<ContentItem>[] = [
    {
      title: t('content.col.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r) => (
        <>
          {r.pinned ? <Tag color="gold">{t('content.pinned')}</Tag> : null}
          {v}
        </>
      ),
    },
    {
      title: t('content.col.locale'),
      dataIndex: 'locale',
      width: 110,
      render: (v: ContentItem['locale']) => t(`content.locale.${v}`),
    },
    {
      title: t('content.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: ContentItem['status']) => (
        <Tag color={v === 'published' ? 'green' : 'default'}>{t(`content.status.${v}`)}</Tag>
      ),
    },
    {
      title: t('content.col.window'),
      key: 'window',
      width: 260,
      render: (_: unknown, r) => `${at(r.publishFrom)} – ${at(r.publishTo)}`,
    },
    {
      title: t('content.col.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 160,
      render: (v: number) => dayjs(v).format(TIME),
    },
    actionsColumn(PERM.contentUpdate, PERM.contentRemove, (row) => row.title, { width: 130 }),
  ];

  return (
    <CrudList
      strings="content"
      {...crudList(PERM.contentAdd)}
      filters={(filter) => filter.enum('status', CONTENT_STATUSES, 'content.status')}
      table={{ query, columns }}
    >
      <FormModal<Values>
        {...editor.dialog(t('content.addTitle'), t('content.editTitle'))}
        initialValues={
          editing
            ? {
                ...editing,
                pinned: editing.pinned === 1,
                window: [
                  editing.publishFrom ? dayjs(editing.publishFrom) : null,
                  editing.publishTo ? dayjs(editing.publishTo) : null,
                ],
              }
            : { locale: 'all', status: 'draft', pinned: false }
        }
        inlineCodes={[]}
        onSubmit={({ window, pinned, ...v }) =>
          save({
            ...v,
            pinned: pinned ? 1 : 0,
            publishFrom: window?.[0]?.valueOf() ?? null,
            publishTo: window?.[1]?.valueOf() ?? null,
          })
        }
        testId="content-form"
      >
        <TextField name="title" label={t('content.col.title')} max={200} testId="content-f-title" />
        <TextField
          name="body"
          label={t('content.body')}
          hint={t('content.bodyHint')}
          rows={5}
          max={CONTENT_BODY_MAX}
          testId="content-f-body"
        />
        <FieldRow>
          <Form.Item name="locale" label={t('content.col.locale')}>
            <EnumSelect values={CONTENT_LOCALES} labels="content.locale" />
          </Form.Item>
          <Form.Item name="status" label={t('content.col.status')}>
            <EnumSelect values={CONTENT_STATUSES} labels="content.status" testId="content-f-status" />
          </Form.Item>
          <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FieldRow>
        <Form.Item name="window" label={t('content.col.window')} extra={t('content.windowHint')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </FormModal>
    </CrudList>
  );
}
