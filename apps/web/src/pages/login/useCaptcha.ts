import { useCallback, useEffect, useRef, useState } from 'react';
import { randomId } from '@study-crm/shared';
import { api } from '../../api/client';

// A fresh random key per image; the image is fetched with the signed client headers and shown as a blob URL.
export function useCaptcha() {
  const [key, setKey] = useState(() => randomId());
  const [src, setSrc] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    api
      .blob('/api/v1/sys/code/getCode', { key })
      .then((blob) => {
        if (!alive) return;
        if (urlRef.current) URL.revokeObjectURL(urlRef.current);
        urlRef.current = URL.createObjectURL(blob);
        setSrc(urlRef.current);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [key]);

  useEffect(() => () => void (urlRef.current && URL.revokeObjectURL(urlRef.current)), []);

  const refresh = useCallback(() => setKey(randomId()), []);
  return { key, src, refresh };
}
