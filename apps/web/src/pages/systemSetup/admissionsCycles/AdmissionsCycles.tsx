import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, InputNumber, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_RE, type Cycle, type RecordStatus } from '@study-crm/shared';
import { FormModal } from '../../../components/crud/FormModal';
import { FieldRow, StatusField } from '../../../components/crud/FormFields';
import { CrudList } from '../../../components/crud/CrudList';
import type { DataColumn } from '../../../components/crud/DataTable';
import { formatTime } from '../../../lib/format';
import { setupScreen } from '../setupScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import { cycleCrud } from './api';

type Filters = { keyword?: string; status?: RecordStatus | null };
type FormValues = Omit<Cycle, 'id' | 'createdAt' | 'updatedAt'>;

// The form keeps 'YYYY-MM-DD' strings; the picker gets dayjs values.
const dateItem = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

// Admissions cycles (issue 40): administrators keep UCAS's dates here, without a release when UCAS moves one.
export default function AdmissionsCycles() {
  const { t } = useTranslation();
  const crud = setupScreen<Cycle, FormValues, Filters>(t, 'cycle', useCrudList<Cycle, Filters>(cycleCrud), {
    newValues: { deadlineTime: '18:00' },
    name: (row) => t('systemSetup.cycle.entry', { year: row.entryYear }),
  });
  const required = (label: string) => [{ required: true, message: t('crud.requiredSelect', { field: label }) }];
  const deadline = (name: 'earlyDeadline' | 'equalDeadline' | 'finalDeadline') => (
    <Form.Item
      name={name}
      label={t(`systemSetup.cycle.${name}`)}
      rules={required(t(`systemSetup.cycle.${name}`))}
      {...dateItem}
    >
      <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid={`cycle-${name}`} />
    </Form.Item>
  );

  const columns: DataColumn<Cycle>[] = [
    {
      title: t('systemSetup.cycle.entryYear'),
      dataIndex: 'entryYear',
      width: 110,
      render: (v: number) => <Typography.Text strong>{t('systemSetup.cycle.entry', { year: v })}</Typography.Text>,
    },
    { title: t('systemSetup.cycle.colEarly'), dataIndex: 'earlyDeadline', width: 120 },
    { title: t('systemSetup.cycle.colEqual'), dataIndex: 'equalDeadline', width: 130 },
    { title: t('systemSetup.cycle.colFinal'), dataIndex: 'finalDeadline', width: 120 },
    { title: t('systemSetup.cycle.colTime'), dataIndex: 'deadlineTime', width: 90 },
    { title: t('systemSetup.cycle.remarks'), dataIndex: 'remarks', ellipsis: true, priority: 2 },
    crud.statusColumn,
    { title: t('crud.updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatTime, priority: 1 },
    crud.actionsColumn,
  ];

  return (
    <CrudList {...crud.crudList} table={{ ...crud.table, columns }}>
      <FormModal<FormValues> {...crud.modal}>
        <FieldRow spans={[12, 12]}>
          <Form.Item
            name="entryYear"
            label={t('systemSetup.cycle.entryYear')}
            rules={required(t('systemSetup.cycle.entryYear'))}
            extra={t('systemSetup.cycle.entryYearHint')}
          >
            <InputNumber min={2000} max={2100} style={{ width: '100%' }} data-testid="cycle-entryYear" />
          </Form.Item>
          <Form.Item
            name="deadlineTime"
            label={t('systemSetup.cycle.deadlineTime')}
            rules={[{ pattern: TIME_RE, message: t('systemSetup.cycle.timeFormat') }]}
          >
            <Input maxLength={5} placeholder="18:00" />
          </Form.Item>
        </FieldRow>
        {deadline('earlyDeadline')}
        {deadline('equalDeadline')}
        {deadline('finalDeadline')}
        <Form.Item name="remarks" label={t('systemSetup.cycle.remarks')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <StatusField />
      </FormModal>
    </CrudList>
  );
}
