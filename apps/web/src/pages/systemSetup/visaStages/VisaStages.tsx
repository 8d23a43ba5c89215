import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Tag, Typography } from 'antd';
import { APPLICATION_DICT, type RecordStatus, type VisaStage } from '@study-crm/shared';
import { FormModal } from '../../../components/crud/FormModal';
import { FieldRow, StatusField } from '../../../components/crud/FormFields';
import { CrudList } from '../../../components/crud/CrudList';
import type { DataColumn } from '../../../components/crud/DataTable';
import { DictBadge, DictSelect } from '../../../components/dict';
import { formatTime } from '../../../lib/format';
import { setupScreen } from '../setupScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import { visaStageCrud } from './api';

type Filters = { keyword?: string; status?: RecordStatus | null };
type FormValues = Pick<VisaStage, 'name' | 'sort' | 'fileType' | 'status' | 'version'>;

// The Student visa checklist's stages (issue 40): administrators rename, reorder, add and disable them; the built-in
// ones carry the CAS and funds rules and cannot be removed.
export default function VisaStages() {
  const { t } = useTranslation();
  const stageName = (row: Pick<VisaStage, 'kind' | 'name'>) =>
    row.name || (row.kind ? t(`systemSetup.visaStage.kinds.${row.kind}`) : '');
  const crud = setupScreen<VisaStage, FormValues, Filters>(
    t,
    'visaStage',
    useCrudList<VisaStage, Filters>(visaStageCrud),
    {
      newValues: { sort: 100 },
      name: stageName,
      readOnly: ['kind'],
    },
  );

  const columns: DataColumn<VisaStage>[] = [
    { title: t('systemSetup.visaStage.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('systemSetup.visaStage.name'),
      dataIndex: 'name',
      width: 240,
      render: (_: unknown, row) => <Typography.Text strong>{stageName(row)}</Typography.Text>,
    },
    {
      title: t('systemSetup.visaStage.rules'),
      dataIndex: 'kind',
      width: 200,
      render: (v: VisaStage['kind']) =>
        v ? (
          <Tag color="blue">{t('systemSetup.visaStage.builtIn')}</Tag>
        ) : (
          <Tag>{t('systemSetup.visaStage.added')}</Tag>
        ),
    },
    {
      title: t('systemSetup.visaStage.fileType'),
      dataIndex: 'fileType',
      width: 150,
      render: (v: string | null) => (v ? <DictBadge type={APPLICATION_DICT.fileType} value={v} /> : '—'),
    },
    crud.statusColumn,
    { title: t('crud.updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatTime, priority: 1 },
    crud.actionsColumn,
  ];

  return (
    <CrudList {...crud.crudList} exportList="visaStage" table={{ ...crud.table, columns }}>
      <FormModal<FormValues> {...crud.modal}>
        <Form.Item
          name="name"
          label={t('systemSetup.visaStage.name')}
          rules={[{ max: 100 }]}
          extra={t('systemSetup.visaStage.nameHint')}
        >
          <Input maxLength={100} data-testid="visaStage-name" />
        </Form.Item>
        <FieldRow spans={[12, 12]}>
          <Form.Item
            name="sort"
            label={t('systemSetup.visaStage.sort')}
            rules={[{ required: true, message: t('crud.requiredSelect', { field: t('systemSetup.visaStage.sort') }) }]}
            extra={t('systemSetup.visaStage.sortHint')}
          >
            <InputNumber min={0} max={9999} style={{ width: '100%' }} data-testid="visaStage-sort" />
          </Form.Item>
          <Form.Item name="fileType" label={t('systemSetup.visaStage.fileType')}>
            <DictSelect type={APPLICATION_DICT.fileType} allowClear />
          </Form.Item>
        </FieldRow>
        <StatusField />
      </FormModal>
    </CrudList>
  );
}
