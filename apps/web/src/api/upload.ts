import { SIGN_HEADER, TOKEN_HEADER, type Envelope } from '@study-crm/shared';
import { encodeParams, handleEnvelope } from './client';
import { API_BASE, CLIENT_SIGN } from './config';
import { session } from './session';
import i18n from '../i18n';

// Multipart upload with progress. fetch cannot report upload progress, so this uses XMLHttpRequest with the
// same identity as the api client: sign, x-token and accept-language headers, common params in the query.
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): { promise: Promise<Envelope<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Envelope<T>>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}${url}?${encodeParams().toString()}`);
    xhr.setRequestHeader(SIGN_HEADER, CLIENT_SIGN);
    xhr.setRequestHeader('accept-language', i18n.language);
    const token = session.token();
    if (token) xhr.setRequestHeader(TOKEN_HEADER, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve(handleEnvelope<T>(body, {}));
    };
    xhr.onerror = () => reject(new Error(i18n.t('common.networkUnstable')));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
