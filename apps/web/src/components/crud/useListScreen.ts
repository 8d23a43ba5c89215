import { useState } from 'react';
import type { RecordStatus } from '@study-crm/shared';
import type { Params } from '../../api/client';
import { toParams } from './crud';

// Every system-setup list filters by a keyword and a status; some add their own filters.
export type BaseFilters = { keyword?: string; status?: RecordStatus | null };

type Save<A> = { mutateAsync: (body: Params) => Promise<A> };

// Which row the create/edit dialog shows: 'new', an existing row, or none (closed).
export function useEditor<Row extends { id: number; version?: number }>() {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const isNew = editing === 'new' || editing === null;
  return {
    editing,
    isNew,
    edit: (row: Row | 'new') => setEditing(row),
    close: () => setEditing(null),
    // The form dialog's opening, record (its identity: another record gets a fresh form), title and closing, spread
    // onto FormModal. The title switches only on an explicit 'new', so it does not flip while the dialog closes.
    dialog: (addTitle: string, editTitle: string) => ({
      open: editing !== null,
      record: editing === null || editing === 'new' ? ('new' as const) : editing.id,
      title: editing === 'new' ? addTitle : editTitle,
      onClose: () => setEditing(null),
    }),
    // Adds a new row, or updates the edited one by id and the version it was read at (a stale copy is refused);
    // resolves to the server's answer.
    save: <V, A, U>(values: V, add: Save<A>, update: Save<U>): Promise<A | U> => {
      if (isNew) return add.mutateAsync(toParams(values as Record<string, unknown>));
      const row = editing as Row;
      const version = row.version === undefined ? {} : { version: row.version };
      return update.mutateAsync(toParams({ ...(values as Record<string, unknown>), id: row.id, ...version }));
    },
  };
}
