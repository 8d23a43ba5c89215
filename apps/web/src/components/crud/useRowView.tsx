import { useState } from 'react';
import type { RecordDrawerProps } from '../RecordDrawer';
import { LinkAction } from './LinkAction';

// A row opened read-only in a drawer: the record `useView` reads for it, the drawer's props (spread onto
// components/RecordDrawer) and the row action that opens it.
export function useRowView<R>(useView: (id: number | null) => R) {
  const [id, setId] = useState<number | null>(null);
  return {
    record: useView(id),
    drawer: { id, onClose: () => setId(null) } satisfies RecordDrawerProps,
    action: (label: string, testId: string) => (row: { id: number }) => (
      <LinkAction label={label} onClick={() => setId(row.id)} testId={testId} />
    ),
  };
}
