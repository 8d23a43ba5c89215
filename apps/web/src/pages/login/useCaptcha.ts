import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaApi, randomId } from '@study-crm/shared';
import { blobOf } from '../../api/call';

// A fresh random key per image; the image is fetched with the signed client headers and shown as a blob URL.
export function useCaptcha() {
  const [key, setKey] = useState(() => randomId());
  const [src, setSrc] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    // The old picture goes at once: its code is no longer the key's, and a code typed from it would be refused.
    setSrc(null);
    blobOf(captchaApi.getCode, { key })
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
