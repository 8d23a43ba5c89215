import type { EndpointParams, RawEndpoint } from '@study-crm/shared';
import { blobOf } from './call';

// Saves downloaded bytes under a name: an object URL pressed as a link (a plain link to the server cannot carry the
// token header), released a minute later.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// A raw endpoint's bytes (fetched with the session), saved under a name.
export async function downloadAs<E extends RawEndpoint>(
  endpoint: E,
  params: EndpointParams<E>,
  fileName: string,
): Promise<void> {
  saveBlob(await blobOf(endpoint, params), fileName);
}
