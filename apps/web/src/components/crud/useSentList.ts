import { useState } from 'react';

// A list of things sent (e-mails, SMS batches): the compose form, whose "sent" opens the new row's detail, and the
// detail drawer of one row. Spread `composeProps` onto the form and `detailProps` onto the drawer.
export function useSentList() {
  const [composing, setComposing] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  return {
    composing,
    compose: () => setComposing(true),
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
