import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_MIME } from '@study-crm/shared';
import type { StoredFile } from './object-store.js';

// RFC 6266: an ASCII fallback plus the UTF-8 name, percent-encoded as RFC 8187 asks (encodeURIComponent leaves
// ' ( ) * as they are, which a strict reader takes for the end of the value: "O'Brien (CV).pdf").
export function contentDisposition(title: string, ext: string, inline: boolean): string {
  const name = `${title}.${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export type StoredFileInfo = StoredFile & { title: string; extension: string; mime: string };

// A stored file for an authenticated caller (the route decides who may, and answers the stream this returns): never
// sniffed, never cached, images inline, everything else as an attachment.
export async function storedFileBody(reply: FastifyReply, f: StoredFileInfo): Promise<Readable> {
  void reply
    .header('content-type', f.mime)
    .header('content-length', f.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(f.title, f.extension, f.mime.startsWith('image/')));
  return f.read();
}

// A workbook the server made for the caller (a template, an upload's rejected rows, an import's result, a list's
// export), answered as `title`.xlsx: an attachment, never sniffed, never cached.
export function workbookBody<B>(reply: FastifyReply, title: string, body: B): B {
  void reply
    .header('content-type', XLSX_MIME)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(title, 'xlsx', false));
  return body;
}
