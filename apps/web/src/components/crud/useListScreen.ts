import { useState } from 'react';
import type { RecordStatus } from '@study-crm/shared';
import type { Params } from '../../../api/client';
import { toParams } from './crud';

// Every list screen filters by a keyword and a status; some add their own filters.
export type BaseFilters = { keyword?: string; status?: RecordStatus | null };

export type ListFilters<F extends BaseFilters> = ReturnType<typeof useListFilters<F>>;

// Toolbar drafts, applied filters and server paging. Applying or clearing the filters goes back to page 1.
export function useListFilters<F extends BaseFilters>() {
  const [draft, setDraft] = useState<F>({} as F);
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const firstPage = () => setPage((p) => ({ ...p, pageNum: 1 }));
  return {
    draft,
    patchDraft: (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch })),
    page,
    setPage,
    firstPage,
    params: { ...filters, ...page } as Params,
    search: () => {
      setFilters(draft);
      firstPage();
    },
    reset: () => {
      setDraft({} as F);
      setFilters({} as F);
      firstPage();
    },
  };
}

type Save = { mutateAsync: (body: Params) => Promise<unknown> };

// Which row the create/edit dialog shows: 'new', an existing row, or none (closed).
export function useEditor<Row extends { id: number }>() {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const isNew = editing === 'new' || editing === null;
  return {
    editing,
    open: editing !== null,
    // The title switches only on an explicit 'new', so it does not flip while the dialog closes.
    creating: editing === 'new',
    isNew,
    edit: (row: Row | 'new') => setEditing(row),
    close: () => setEditing(null),
    // Adds a new row, or updates the edited one by id.
    save: <V>(values: V, add: Save, update: Save) =>
      isNew
        ? add.mutateAsync(toParams(values as Record<string, unknown>))
        : update.mutateAsync(toParams({ ...(values as Record<string, unknown>), id: (editing as Row).id })),
  };
}
