import { api, encodeParams, type Params } from '../api/client';
import { API_BASE } from '../api/config';

// Spec section 9: images download through fetch (with the client's headers), other files through a link.
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'jpeg'] as const;

export function extensionOf(nameOrUrl: string): string {
  const clean = nameOrUrl.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot === -1 || dot < clean.lastIndexOf('/') ? '' : clean.slice(dot + 1).toLowerCase();
}

export const isImageFile = (nameOrUrl: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(nameOrUrl));

function clickLink(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const isAbsolute = (url: string) => /^https?:\/\//i.test(url);

// Saves a file. `url` is an API path (common parameters added) or an absolute address.
export async function downloadFile(url: string, fileName?: string, params?: Params): Promise<void> {
  const name = fileName ?? decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() || 'download');
  if (!isImageFile(fileName ?? url)) {
    const href = isAbsolute(url) ? url : `${API_BASE}${url}?${encodeParams(params).toString()}`;
    clickLink(href, name);
    return;
  }
  try {
    const blob = isAbsolute(url)
      ? await fetch(url).then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return res.blob();
        })
      : await api.blob(url, params);
    const objectUrl = URL.createObjectURL(blob);
    clickLink(objectUrl, name);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  } catch (err) {
    // A failed image download is only logged (spec section 9).
    console.error('download failed', url, err);
  }
}
