import type { TFunction } from 'i18next';
import type { RecordStatus } from '@study-crm/shared';
import { statusColumn } from './columns';
import { rowBody } from './crud';
import type { CrudList } from './useCrudList';
import type { CrudPerms } from './perms';
import type { BaseFilters } from './useListScreen';
import type { Filters } from './urlState';

export type CrudScreenOptions<Row, V> = {
  // Test-id prefix of the screen (<testId>-add, <testId>-form).
  testId: string;
  // The screen's own texts: keyword placeholder, dialog titles, empty and no-match texts.
  strings: { keywordPlaceholder: string; addTitle: string; editTitle: string; empty?: string; noMatch?: string };
  perms: CrudPerms;
  // The duplicate code whose message the dialog shows in the form (the resource's by default).
  existsCode?: number;
  // Initial values of a new row, which starts enabled.
  newValues?: Partial<V>;
  // Names the row in the enable/disable and delete confirmations.
  name: (row: Row) => string;
  // Listed fields that are not part of the update body.
  readOnly?: readonly string[];
  statusTestId?: (row: Row) => string;
};

// The parts of a create/edit/delete screen whose rows are enabled or disabled, built from its list (useCrudList, the
// one hook): the status and actions columns, and the props of CrudList (or ListToolbar), PagedTable and FormModal.
// The screen keeps its columns, filters and fields.
export function crudScreen<
  Row extends { id: number; status: RecordStatus } & Partial<V>,
  V extends { status?: RecordStatus },
  F extends BaseFilters & Filters = BaseFilters,
>(t: TFunction, crud: CrudList<Row, F>, opts: CrudScreenOptions<Row, V>) {
  const { list, editor, query, update, save } = crud;
  return {
    editor,
    statusColumn: statusColumn<Row>(t, {
      perm: opts.perms.update,
      name: opts.name,
      onChange: (row, status) => update.mutate({ ...rowBody(row, opts.readOnly), status }),
      testId: opts.statusTestId,
    }),
    actionsColumn: crud.actionsColumn(opts.perms.update, opts.perms.remove, opts.name),
    crudList: { ...crud.crudList(opts.perms.add), statusFilter: true },
    toolbar: {
      list,
      keywordPlaceholder: opts.strings.keywordPlaceholder,
      addPerm: opts.perms.add,
      addTestId: `${opts.testId}-add`,
      onAdd: () => editor.edit('new'),
    },
    table: { query, list, emptyText: opts.strings.empty, noMatchText: opts.strings.noMatch },
    modal: {
      ...editor.dialog(opts.strings.addTitle, opts.strings.editTitle),
      initialValues: editor.isNew
        ? ({ status: 'enabled', ...opts.newValues } as Partial<V>)
        : (editor.editing as Row as Partial<V>),
      inlineCodes: [opts.existsCode ?? crud.existsCode].filter((c): c is number => c !== undefined),
      onSubmit: save,
      testId: `${opts.testId}-form`,
    },
  };
}
