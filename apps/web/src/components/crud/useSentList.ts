import { useState } from 'react';
import { useListState } from './useListState';
import type { Filters } from './urlState';

// A list of things sent (e-mails, SMS batches) under `queryRoot`: its list state, the compose form opened by the add
// button (for members holding `addPerm`), whose "sent" opens the new row's detail, and the detail drawer of one row.
// Spread `crudList` onto CrudList, `composeProps` onto the form and `detailProps` onto the drawer.
export function useSentList<F extends Filters>(queryRoot: string, addPerm: string) {
  const list = useListState<F>({ queryRoot: [queryRoot] });
  const [composing, setComposing] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  return {
    list,
    crudList: { list, add: { perm: addPerm, onClick: () => setComposing(true) } },
    composing,
    open: <Row extends { id: number }>(row: Row) => setDetail(row.id),
    composeProps: {
      onClose: () => setComposing(false),
      onSent: (id: number) => {
        setComposing(false);
        setDetail(id);
      },
    },
    detailProps: { id: detail, onClose: () => setDetail(null) },
  };
}
