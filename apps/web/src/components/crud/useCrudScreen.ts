import type { TFunction } from 'i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page, RecordStatus } from '@study-crm/shared';
import type { Params } from '../../api/client';
import type { ListParams } from './useListState';
import { statusColumn } from './columns';
import { useCrudList } from './useCrudList';
import { rowBody } from './crud';
import type { BaseFilters } from './useListScreen';
import type { Filters } from './urlState';

type Write = { mutate: (body: Params) => void; mutateAsync: (body: Params) => Promise<unknown> };

export type CrudScreenOptions<Row, V> = {
  // Test-id prefix of the screen (<testId>-add, <testId>-form).
  testId: string;
  // The screen's own texts: keyword placeholder, dialog titles, empty and no-match texts.
  strings: { keywordPlaceholder: string; addTitle: string; editTitle: string; empty?: string; noMatch?: string };
  // Root of the list's query keys (Search with unchanged filters refetches it).
  queryRoot: string;
  useList: (params: ListParams) => UseQueryResult<Page<Row>>;
  useAdd: () => Write;
  useUpdate: () => Write;
  useRemove: () => Write;
  perms: { add: string; update: string; remove: string };
  // The duplicate code whose message the dialog shows in the form (crudApi's, where the screen spreads it).
  existsCode: number;
  // Initial values of a new row, which starts enabled.
  newValues?: Partial<V>;
  // Names the row in the enable/disable and delete confirmations.
  name: (row: Row) => string;
  // Listed fields that are not part of the update body.
  readOnly?: readonly string[];
  statusTestId?: (row: Row) => string;
};

// The mechanics of a create/edit/delete list screen: URL-kept filters and paging, the list query, the create/edit
// dialog state, the writes, and the status and actions columns. The screen keeps its columns, filters and fields.
export function useCrudScreen<
  Row extends { id: number; status: RecordStatus } & Partial<V>,
  F extends BaseFilters & Filters,
  V extends { status?: RecordStatus },
>(t: TFunction, opts: CrudScreenOptions<Row, V>) {
  const crud = useCrudList<Row, F, Write>(opts);
  const { list: filters, editor, query: list, update, save } = crud;
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
    actionsColumn: crud.actionsColumn(opts.perms.update, opts.perms.remove, opts.name),
    // Spread onto CrudList (or ListToolbar), PagedTable and FormModal.
    crudList: { list: filters, add: { perm: opts.perms.add, onClick: () => editor.edit('new') }, statusFilter: true },
    toolbar: {
      list: filters,
      keywordPlaceholder: opts.strings.keywordPlaceholder,
      addPerm: opts.perms.add,
      addTestId: `${opts.testId}-add`,
      onAdd: () => editor.edit('new'),
    },
    table: { query: list, list: filters, emptyText: opts.strings.empty, noMatchText: opts.strings.noMatch },
    modal: {
      ...editor.dialog(opts.strings.addTitle, opts.strings.editTitle),
      initialValues: editor.isNew
        ? ({ status: 'enabled', ...opts.newValues } as Partial<V>)
        : (editor.editing as Row as Partial<V>),
      inlineCodes: [opts.existsCode],
      onSubmit: save,
      testId: `${opts.testId}-form`,
    },
  };
}
