import { useTranslation } from 'react-i18next';
import { Descriptions, Form, Input, Typography } from 'antd';
import { Code, EVERY_MAIL_VARIABLE, PERM, type Template } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { CrudList } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { useRowView } from '../../components/crud/useRowView';
import { templateCrud, useTemplate } from './api';
import VariableField from './VariableField';
import { FRAME_PLACEHOLDER, framed, HtmlPreview, sampleVariables, withSampleData } from './preview';
import { formatTime } from '../../lib/format';
import { fieldNames, TextField } from '../../components/crud/FormFields';
import type { DataColumn } from '../../components/crud/DataTable';
import { RecordDrawer } from '../../components/RecordDrawer';
import { TimelineButton } from '../../components/audit/RecordTimeline';

type Filters = { keyword?: string; type?: string };
type FormValues = Pick<Template, 'name' | 'title' | 'type' | 'frameUrl' | 'frameHtml' | 'content'>;

// Templates (spec section 2): list, create, view (with a preview on sample data), edit, delete.
export default function TemplateManage() {
  const { t } = useTranslation();
  const { list, editor, query, save, actionsColumn, crudList } = useCrudList<Template, Filters>(templateCrud);
  const view = useRowView(useTemplate);
  const field = fieldNames(t, 'message.template', 'template-');

  const columns: DataColumn<Template>[] = [
    { title: t('message.template.name'), dataIndex: 'name' },
    { title: t('message.template.type'), dataIndex: 'type', width: 160 },
    { title: t('message.template.contentTitle'), dataIndex: 'title', ellipsis: true },
    {
      title: t('crud.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatTime,
    },
    actionsColumn(PERM.templateUpdate, PERM.templateRemove, (row) => row.name, {
      width: 200,
      before: view.action(t('message.template.view'), 'template-view'),
    }),
  ];
  const tpl = view.record.data;

  return (
    <CrudList
      strings="message.template"
      {...crudList(PERM.templateAdd)}
      exportList="template"
      filters={
        <Input
          allowClear
          style={{ width: 160 }}
          placeholder={t('message.template.allTypes')}
          value={list.draft.type ?? ''}
          onChange={(e) => list.patchDraft({ type: e.target.value })}
          onPressEnter={list.search}
        />
      }
      table={{ query, columns }}
    >
      <FormModal<FormValues>
        {...editor.dialog(t('message.template.addTitle'), t('message.template.editTitle'))}
        initialValues={editor.isNew ? {} : (editor.editing as Template)}
        inlineCodes={[Code.BAD_REQUEST]}
        onSubmit={save}
        testId="template-form"
      >
        <TextField {...field('name')} max={100} />
        <TextField {...field('type')} max={64} />
        <VariableField
          name="title"
          label={t('message.template.contentTitle')}
          max={255}
          variables={EVERY_MAIL_VARIABLE}
          testId="template-title"
        />
        <Form.Item name="frameUrl" label={t('message.template.frameUrl')} rules={[{ type: 'url' }, { max: 1000 }]}>
          <Input placeholder="https://" data-testid="template-frameUrl" />
        </Form.Item>
        <TextField
          {...field('frameHtml')}
          hint={t('message.template.frameHint', { placeholder: FRAME_PLACEHOLDER })}
          rows={4}
          required={false}
        />
        <VariableField
          {...field('content')}
          hint={t('message.template.contentHint', { examples: sampleVariables(t) })}
          rows={8}
          variables={EVERY_MAIL_VARIABLE}
        />
      </FormModal>
      <RecordDrawer
        {...view.drawer}
        size="large"
        title={tpl ? t('message.template.viewTitle', { name: tpl.name }) : ''}
        extra={tpl && <TimelineButton recordType="messageTemplate" recordId={tpl.id} />}
        testId="template-drawer"
      >
        {tpl && (
          <>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('message.template.type')}>{tpl.type}</Descriptions.Item>
              <Descriptions.Item label={t('message.template.contentTitle')}>
                {tpl.title ? withSampleData(tpl.title) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('message.template.frameUrl')}>{tpl.frameUrl ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>{t('message.template.preview')}</Typography.Title>
            <HtmlPreview html={framed(tpl.frameHtml, tpl.content ?? '')} testId="template-preview" />
          </>
        )}
      </RecordDrawer>
    </CrudList>
  );
}
