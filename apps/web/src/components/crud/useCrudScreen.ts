import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page, RecordStatus } from '@study-crm/shared';
import type { Params } from '../../../api/client';
import { actionsColumn, statusColumn } from './columns';
import { rowBody } from './crud';
import { useEditor, useListFilters, type BaseFilters } from './useListScreen';

type Write = { mutate: (body: Params) => void; mutateAsync: (body: Params) => Promise<unknown> };

type Options<Row, V> = {
  // Locale namespace (systemSetup.<ns>.*) and test-id prefix (<ns>-add, <ns>-form) of the screen.
  ns: 'config' | 'dict' | 'label' | 'tag';
  useList: (params: Params) => UseQueryResult<Page<Row>>;
  useAdd: () => Write;
  useUpdate: () => Write;
  useRemove: () => Write;
  perms: { add: string; update: string; remove: string };
  // The duplicate code whose message the dialog shows in the form.
  existsCode: number;
  // Initial values of a new row.
  newValues: Partial<V>;
  // Names the row in the enable/disable and delete confirmations.
  name: (row: Row) => string;
  // Listed fields that are not part of the update body.
  readOnly?: readonly string[];
  statusTestId?: (row: Row) => string;
};

// The mechanics of a system-setup list screen: filters and paging, the list query, the create/edit dialog state,
// the writes, and the status and actions columns. The screen keeps its own columns, filters and form fields.
export function useCrudScreen<Row extends { id: number; status: RecordStatus } & Partial<V>, F extends BaseFilters, V>(
  t: TFunction,
  opts: Options<Row, V>,
) {
  const filters = useListFilters<F>();
  const editor = useEditor<Row>();
  const list = opts.useList(filters.params);
  const add = opts.useAdd();
  const update = opts.useUpdate();
  const remove = opts.useRemove();
  const save = (values: V) => editor.save(values, add, update);
  return {
    filters,
    editor,
    save,
    statusColumn: statusColumn<Row>(t, {
      perm: opts.perms.update,
      name: opts.name,
      onChange: (row, status) => update.mutate({ ...rowBody(row, opts.readOnly), status }),
      testId: opts.statusTestId,
    }),
    actionsColumn: actionsColumn<Row>(t, {
      updatePerm: opts.perms.update,
      removePerm: opts.perms.remove,
      name: opts.name,
      onEdit: editor.edit,
      onRemove: (row) => remove.mutateAsync({ id: row.id }),
    }),
    // Spread onto ListToolbar, PagedTable and FormModal.
    toolbar: {
      list: filters,
      keywordPlaceholder: t(`systemSetup.${opts.ns}.keywordPlaceholder`),
      addPerm: opts.perms.add,
      addTestId: `${opts.ns}-add`,
      onAdd: () => editor.edit('new'),
    },
    table: { data: list.data, loading: list.isFetching, page: filters.page, onPage: filters.setPage },
    modal: {
      open: editor.open,
      title: t(`systemSetup.${opts.ns}.${editor.creating ? 'addTitle' : 'editTitle'}`),
      initialValues: editor.isNew ? opts.newValues : (editor.editing as Row as Partial<V>),
      inlineCodes: [opts.existsCode],
      onClose: editor.close,
      onSubmit: save,
      testId: `${opts.ns}-form`,
    },
  };
}
