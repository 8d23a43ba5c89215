import { useTranslation } from 'react-i18next';
import { Form } from 'antd';
import type { Label, RecordStatus } from '@study-crm/shared';
import { ColorTag } from '../../../components/dict';
import { FormModal } from '../../../components/crud/FormModal';
import { DescriptionField, FieldRow, SortField, StatusColorRow, TextField } from '../../../components/crud/FormFields';
import { CrudList } from '../../../components/crud/CrudList';
import { setupScreen } from '../setupScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import { labelCrud } from './api';
import type { DataColumn } from '../../../components/crud/DataTable';

type FormValues = Pick<Label, 'name' | 'color' | 'description' | 'sort' | 'status'>;
type Filters = { keyword?: string; status?: RecordStatus | null };

// Status and colour, previewing the badge with the name being typed.
function NamePreviewRow() {
  const name = Form.useWatch<string | undefined>('name', Form.useFormInstance());
  return <StatusColorRow previewText={name} />;
}

export default function LabelManage() {
  const { t } = useTranslation();
  const crud = setupScreen<Label, FormValues, Filters>(t, 'label', useCrudList<Label, Filters>(labelCrud), {
    newValues: { sort: 0 },
    name: (row) => row.name,
    readOnly: ['memberCount'],
  });

  const columns: DataColumn<Label>[] = [
    {
      title: t('systemSetup.label.name'),
      dataIndex: 'name',
      render: (v: string, row) => <ColorTag color={row.color}>{v}</ColorTag>,
    },
    { title: t('crud.description'), dataIndex: 'description', ellipsis: true },
    { title: t('systemSetup.label.memberCount'), dataIndex: 'memberCount', width: 100 },
    { title: t('crud.sort'), dataIndex: 'sort', width: 80 },
    crud.statusColumn,
    crud.actionsColumn,
  ];

  return (
    <CrudList {...crud.crudList} exportList="label" table={{ ...crud.table, columns }}>
      <FormModal<FormValues> {...crud.modal}>
        <FieldRow gutter={12} spans={[16, 8]}>
          <TextField name="name" label={t('systemSetup.label.name')} max={60} />
          <SortField />
        </FieldRow>
        <DescriptionField />
        <NamePreviewRow />
      </FormModal>
    </CrudList>
  );
}
