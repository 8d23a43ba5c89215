import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { PERM } from '@study-crm/shared';
import { useSearchTerm } from '../../components/form/useSearchTerm';
import { usePermission } from '../../components/Permission';
import { kpiName, useKpiOptions, useProjectMembers, useProjectOptions } from './api';
import { requiredValue, TextField } from '../../components/crud/FormFields';

// The task form's fields: the project first, then an assignee among its members, the KPI type, points and dates.
export function TaskFields({ knownProject }: { knownProject?: { id: number; name: string } | null }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const projectId = Form.useWatch<number | undefined>('projectId', form) ?? null;
  const all = usePermission(PERM.projectList);
  const search = useSearchTerm();
  const projects = useProjectOptions(search.term, all);
  const members = useProjectMembers(projectId);
  const kpis = useKpiOptions();
  const projectOptions = (projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (knownProject && !projectOptions.some((o) => o.value === knownProject.id))
    projectOptions.push({ value: knownProject.id, label: knownProject.name });

  return (
    <>
      <Form.Item name="projectId" label={t('task.f.project')} rules={[requiredValue(t, t('task.f.project'))]}>
        <Select<number>
          showSearch={search.selectProps.showSearch}
          loading={projects.isFetching}
          options={projectOptions}
          onChange={() => form.setFieldValue('assigneeId', null)}
          data-testid="task-f-project"
        />
      </Form.Item>
      <TextField name="title" label={t('task.f.title')} max={200} testId="task-f-title" />
      <Form.Item name="assigneeId" label={t('task.f.assignee')} extra={t('task.f.assigneeHint')}>
        <Select<number>
          allowClear
          disabled={projectId === null}
          loading={members.isFetching}
          options={(members.data?.members ?? []).map((m) => ({ value: m.staffId, label: m.name }))}
          data-testid="task-f-assignee"
        />
      </Form.Item>
      <Form.Item name="kpiTypeId" label={t('task.f.kpiType')}>
        <Select<number>
          allowClear
          options={(kpis.data ?? []).map((k) => ({ value: k.id, label: `${kpiName(k, i18n.language)} (${k.unit})` }))}
          data-testid="task-f-kpi"
        />
      </Form.Item>
      <Form.Item name="points" label={t('task.f.points')}>
        <InputNumber min={0} max={100000} precision={0} data-testid="task-f-points" />
      </Form.Item>
      <Form.Item name="dueDate" label={t('task.f.dueDate')}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="description" label={t('task.f.description')}>
        <Input.TextArea rows={3} maxLength={5000} showCount />
      </Form.Item>
    </>
  );
}
