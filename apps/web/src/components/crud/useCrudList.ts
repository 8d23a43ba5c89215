import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@study-crm/shared';
import type { Params } from '../../api/client';
import { actionsColumn } from './columns';
import type { crudApi } from './crud';
import { useEditor } from './useListScreen';
import { useListState } from './useListState';
import type { Filters } from './urlState';

type CrudWrite = ReturnType<ReturnType<typeof crudApi>['useAdd']>;
type Write = { mutate: (body: Params) => void; mutateAsync: (body: Params) => Promise<unknown> };
type Resource<W> = {
  queryRoot: string;
  // The duplicate code shown in the form (crudApi's).
  existsCode?: number;
  useList: (p: never) => UseQueryResult<unknown>;
  useAdd: () => W;
  useUpdate: () => W;
  useRemove: () => W;
};

// The one hook of a create/edit/delete list screen over a crudApi resource: URL-kept filters and paging
// (useListState), the page of rows, the add/edit dialog and the three writes. A screen whose rows are enabled or
// disabled builds its columns and props from it with crudScreen (a plain function).
export function useCrudList<
  Row extends { id: number; version?: number },
  F extends Filters,
  W extends Write = CrudWrite,
>(resource: Resource<W>) {
  const { t } = useTranslation();
  const list = useListState<F>({ queryRoot: [resource.queryRoot] });
  const editor = useEditor<Row>();
  const query = (resource.useList as (p: typeof list.params) => UseQueryResult<Page<Row>>)(list.params);
  const add = resource.useAdd();
  const update = resource.useUpdate();
  const remove = resource.useRemove();
  return {
    existsCode: resource.existsCode,
    list,
    editor,
    query,
    add,
    update,
    remove,
    // Spread onto CrudList: the list, and the add button (for members holding `addPerm`) opening the dialog.
    crudList: (addPerm: string) => ({ list, add: { perm: addPerm, onClick: () => editor.edit('new') } }),
    // The dialog's submit: adds a new row, or updates the edited one.
    save: (values: object) => editor.save(values, add, update),
    // The rows' edit/delete column: edit opens the dialog, delete removes by id (each behind its permission, the
    // row named by `name` in the confirmation); `more` gives its width and the screen's own actions.
    actionsColumn: (
      updatePerm: string,
      removePerm: string,
      name: (row: Row) => string,
      more: { width?: number; before?: (row: Row) => ReactNode } = {},
    ) =>
      actionsColumn<Row>(t, {
        ...more,
        updatePerm,
        removePerm,
        name,
        onEdit: editor.edit,
        onRemove: (row) => remove.mutateAsync({ id: row.id }),
      }),
  };
}

// What useCrudList gives a screen, for the builders over it (crudScreen).
export type CrudList<Row extends { id: number; version?: number }, F extends Filters = Filters> = ReturnType<
  typeof useCrudList<Row, F, Write>
>;
