import { useTranslation } from 'react-i18next';
import { Form, type FormRule } from 'antd';
import { DICT_TYPES, PERM, type RecordStatus, type Tag } from '@study-crm/shared';
import { DictBadge, DictSelect } from '../../../components/dict';
import { FormModal } from '../../../components/crud/FormModal';
import { EntryFields } from '../../../components/crud/FormFields';
import { CrudList } from '../../../components/crud/CrudList';
import { entryColumns } from '../../../components/crud/columns';
import { setupScreen } from '../setupScreen';
import { useCrudList } from '../../../components/crud/useCrudList';
import { ImportButton } from '../../../components/import/ImportButton';
import { checkTag, TAG_ROOT, tagCrud } from './api';
import type { DataColumn } from '../../../components/crud/DataTable';

type FormValues = Omit<Tag, 'id' | 'createdAt' | 'updatedAt'>;
type Filters = { keyword?: string; type?: string | null; status?: RecordStatus | null };

export default function TagManage() {
  const { t } = useTranslation();
  const crud = setupScreen<Tag, FormValues, Filters>(t, 'tag', useCrudList<Tag, Filters>(tagCrud), {
    newValues: { sort: 0 },
    name: (row) => row.label,
  });
  const { editor } = crud;
  const entryLabels = {
    value: t('systemSetup.tag.value'),
    label: t('systemSetup.tag.label'),
    label2: t('systemSetup.tag.label2'),
  };
  const editingId = editor.isNew ? null : (editor.editing as Tag).id;

  // Checks the field against other tags of the chosen type as the user types.
  const uniqueRule =
    (field: 'value' | 'label'): FormRule =>
    (form) => ({
      validator: async (_: unknown, text: string | undefined) => {
        const type = form.getFieldValue('type') as string | undefined;
        if (!type || !text?.trim()) return;
        const res = await checkTag({ type, [field]: text.trim(), id: editingId });
        if (field === 'value' && res.valueTaken) throw new Error(t('systemSetup.tag.valueTaken'));
        if (field === 'label' && res.labelTaken) throw new Error(t('systemSetup.tag.labelTaken'));
      },
    });

  const columns: DataColumn<Tag>[] = [
    {
      title: t('systemSetup.tag.type'),
      dataIndex: 'type',
      width: 140,
      render: (v: string) => <DictBadge type={DICT_TYPES.tagType} value={v} />,
    },
    ...entryColumns<Tag>(t, entryLabels),
    crud.statusColumn,
    crud.actionsColumn,
  ];

  return (
    <CrudList
      {...crud.crudList}
      exportList="tag"
      filters={(filter) =>
        filter.dict('type', DICT_TYPES.tagType, t('systemSetup.tag.allTypes'), {
          width: 170,
          testId: 'tag-type-filter',
        })
      }
      toolbar={{ actions: <ImportButton kind="tag" perm={PERM.tagAdd} queryRoot={TAG_ROOT} /> }}
      table={{ ...crud.table, columns }}
    >
      <FormModal<FormValues> {...crud.modal}>
        <Form.Item
          name="type"
          label={t('systemSetup.tag.type')}
          rules={[{ required: true, message: t('crud.requiredSelect', { field: t('systemSetup.tag.type') }) }]}
        >
          <DictSelect type={DICT_TYPES.tagType} data-testid="tag-form-type" />
        </Form.Item>
        <EntryFields labels={entryLabels} uniqueRule={uniqueRule} />
      </FormModal>
    </CrudList>
  );
}
