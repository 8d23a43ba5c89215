import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

// Where the one accepted file part goes while it streams in (the files module's storage writes it to a temp file).
export type IncomingFile = { tempPath: string; size: number; fileName: string; field: string };
export type FileSink = {
  receive(stream: Readable & { truncated?: boolean }, fileName: string, field: string): Promise<IncomingFile>;
  discard(file: IncomingFile | undefined): Promise<void>;
};

export type MultipartForm = { fields: Record<string, string>; file?: IncomingFile };

// A size limit as the refusal states it, never more than it is: megabytes to one decimal from 1 MB, kilobytes below
// (the logo's 512 KB read "1 MB" when rounded to whole megabytes).
export function sizeLimitText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.floor((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${bytes} B`;
}

const isSystemError = (err: unknown) =>
  err instanceof Error && typeof (err as { syscall?: unknown }).syscall === 'string';

// Reads a multipart form with one file, streamed to a temp file by `sink` (never buffered in memory). The size limit
// (config.uploadMaxBytes) is enforced while streaming: an oversized part stops being read and its temp file is
// removed. An oversized or missing file is a 400 naming the field, never a 413 or a 500; so is a body the parser
// cannot read (cut off before its closing boundary, or no multipart at all: the parser's plain Error has no status).
// Any other file part (another field, or a second file) is refused before it is read. On any failure nothing is left
// behind; on success the caller owns the temp file (storage.save moves it, storage.discard removes it).
export async function readMultipart(
  req: FastifyRequest,
  opts: { maxBytes: number; sink: FileSink; fileField?: string; required?: boolean },
): Promise<MultipartForm> {
  const { maxBytes, sink, fileField = 'file', required = true } = opts;
  if (!req.isMultipart()) throw badRequest(fileField, 'v.required');
  const out: MultipartForm = { fields: {} };
  const { RequestFileTooLargeError, FilesLimitError } = req.server.multipartErrors;
  const tooLarge = () => badRequest(fileField, 'v.fileTooLarge', { max: sizeLimitText(maxBytes) });
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || out.file) throw badRequest(part.fieldname, 'v.oneFile');
        const file = await sink.receive(part.file, part.filename, part.fieldname);
        if (part.file.truncated) {
          await sink.discard(file);
          throw tooLarge();
        }
        out.file = file;
      } else if (typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
    if (required && (!out.file || out.file.size === 0)) throw badRequest(fileField, 'v.required');
  } catch (err) {
    await sink.discard(out.file);
    if (err instanceof FilesLimitError) throw badRequest(fileField, 'v.oneFile');
    if (err instanceof RequestFileTooLargeError) throw tooLarge();
    // A failure of this server's own stays an error: the temp file's disk (ENOSPC, EACCES), or a fault in our code
    // (the parser reports a bad body with a plain Error, never these).
    if (err instanceof AppError || isSystemError(err) || isProgrammingError(err)) throw err;
    req.log.info({ problem: err instanceof Error ? err.message : String(err) }, 'unreadable multipart body');
    throw badRequest(fileField, 'v.body');
  }
  return out;
}

const isProgrammingError = (err: unknown) =>
  err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError || err instanceof SyntaxError;
