import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

export type MultipartForm = {
  fields: Record<string, string>;
  file?: { buffer: Buffer; fileName: string; field: string };
};

// Reads a multipart form with one file into memory (the size limit is config.uploadMaxBytes, enforced while
// streaming). An oversized or missing file is a 400 naming the field, never a 413 or a 500. Any other file part
// (another field, or a second file) is refused before it is read: only one file is ever buffered.
export async function readMultipart(
  req: FastifyRequest,
  maxBytes: number,
  fileField = 'file',
  required = true,
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest(fileField, 'v.required');
  const out: MultipartForm = { fields: {} };
  const { RequestFileTooLargeError, FilesLimitError } = req.server.multipartErrors;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || out.file) throw badRequest(part.fieldname, 'v.oneFile');
        const buffer = await part.toBuffer();
        out.file = { buffer, fileName: part.filename, field: part.fieldname };
      } else if (typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof FilesLimitError) throw badRequest(fileField, 'v.oneFile');
    if (err instanceof RequestFileTooLargeError) {
      throw badRequest(fileField, 'v.fileTooLarge', { max: `${Math.round(maxBytes / 1048576)} MB` });
    }
    throw err;
  }
  if (required && (!out.file || out.file.buffer.length === 0)) throw badRequest(fileField, 'v.required');
  return out;
}
