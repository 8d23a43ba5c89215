import { useEffect, useState } from 'react';
import { api } from '../api/client';

// An image behind the session (e.g. an uploaded avatar, /api/...): fetched with the token and shown from an object
// URL. Other addresses (http(s) URLs) are used as they are. Failures are only logged (spec section 8).
export function useAuthImage(src: string | null | undefined): string | undefined {
  const isApi = Boolean(src?.startsWith('/api/'));
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!src || !isApi) return undefined;
    let objectUrl: string | undefined;
    let live = true;
    const [path, query = ''] = src.split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    api
      .blob(path!, params)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((err: unknown) => console.warn('image download failed', err));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, isApi]);
  if (!src) return undefined;
  return isApi ? url : src;
}
