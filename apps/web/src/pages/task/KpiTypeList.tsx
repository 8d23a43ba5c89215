import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Switch, Tag } from 'antd';
import { Code, PERM, type KpiType } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { CrudList } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { kpiCrud, kpiName } from './api';
import { FieldRow, NameFields, TextField } from '../../components/crud/FormFields';
import type { DataColumn } from '../../components/crud/DataTable';

type Values = {
  nameTw: string;
  nameCn: string;
  nameEn: string;
  unit: string;
  weight: number;
  enabled: boolean;
  sort: number;
};

// KPI types: the name in three languages, the unit of their points, the weight in the KPI score, enabled.
export default function KpiTypeList() {
  const { t, i18n } = useTranslation();
  const crud = useCrudList<KpiType, { keyword?: string }>(kpiCrud);
  const { list, editor, query, add, update } = crud;
  const editing = editor.isNew ? null : (editor.editing as KpiType);

  const columns: DataColumn<KpiType>[] = [
    { title: t('task.kpi.name'), key: 'name', render: (_: unknown, r) => kpiName(r, i18n.language) },
    { title: t('task.kpi.unit'), dataIndex: 'unit', width: 140 },
    { title: t('task.kpi.weight'), dataIndex: 'weight', width: 100, render: (v: number) => `${v}%` },
    { title: t('task.kpi.tasks'), dataIndex: 'taskCount', width: 90 },
    {
      title: t('task.kpi.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: number) => (v ? <Tag color="green">{t('crud.enabled')}</Tag> : <Tag>{t('crud.disabled')}</Tag>),
    },
    crud.actionsColumn(PERM.kpiTypeUpdate, PERM.kpiTypeRemove, (row) => kpiName(row, i18n.language), { width: 130 }),
  ];

  return (
    <CrudList
      strings="task.kpi"
      testId="kpi-type-list"
      list={list}
      add={{ perm: PERM.kpiTypeAdd, onClick: () => editor.edit('new') }}
      exportList="kpiType"
      table={{ query, columns }}
    >
      <FormModal<Values>
        {...editor.dialog(t('task.kpi.addTitle'), t('task.kpi.editTitle'))}
        initialValues={
          editing ? { ...editing, enabled: editing.enabled === 1 } : { weight: 100, enabled: true, sort: 0 }
        }
        inlineCodes={[Code.KPI_TYPE_EXISTS]}
        onSubmit={(v) => editor.save({ ...v, enabled: v.enabled ? 1 : 0 }, add, update)}
        testId="kpi-form"
      >
        <NameFields strings="task.kpi" max={60} testId="kpi-f" />
        <FieldRow>
          <TextField name="unit" label={t('task.kpi.unit')} max={20} testId="kpi-f-unit" />
          <Form.Item name="weight" label={t('task.kpi.weight')} extra={t('task.kpi.weightHint')}>
            <InputNumber min={0} max={1000} precision={0} suffix="%" />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item name="sort" label={t('task.kpi.sort')}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('task.kpi.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FieldRow>
      </FormModal>
    </CrudList>
  );
}
