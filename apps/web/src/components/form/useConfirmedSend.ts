import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { useConfirm } from './useConfirm';

// A send (or save) that asks first; the server's refusal is kept as `error` for the form to show beside its fields
// (the call's code is one the caller silenced), not as a toast.
export function useConfirmedSend() {
  const confirm = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const send = useCallback(
    (title: string, run: () => Promise<unknown>, opts?: Parameters<typeof confirm>[2]) =>
      confirm(
        title,
        async () => {
          setError(null);
          try {
            await run();
          } catch (err) {
            if (err instanceof ApiError) setError(err.message);
          }
        },
        opts,
      ),
    [confirm],
  );
  return { error, send };
}
