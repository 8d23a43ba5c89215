import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@study-crm/shared';
import type { crudApi } from './crud';
import { useEditor } from './useListScreen';
import { useListState } from './useListState';
import type { Filters } from './urlState';

type CrudWrite = ReturnType<ReturnType<typeof crudApi>['useAdd']>;
type Resource<W> = {
  queryRoot: string;
  useList: (p: never) => UseQueryResult<unknown>;
  useAdd: () => W;
  useUpdate: () => W;
  useRemove: () => W;
};

// The state and calls of a list screen over a crudApi resource: URL-kept filters and paging, the page of rows, the
// add/edit dialog and the three writes.
export function useCrudList<Row extends { id: number; version?: number }, F extends Filters, W = CrudWrite>(
  resource: Resource<W>,
) {
  const list = useListState<F>({ queryRoot: [resource.queryRoot] });
  const editor = useEditor<Row>();
  const query = (resource.useList as (p: typeof list.params) => UseQueryResult<Page<Row>>)(list.params);
  return {
    list,
    editor,
    query,
    add: resource.useAdd(),
    update: resource.useUpdate(),
    remove: resource.useRemove(),
  };
}
