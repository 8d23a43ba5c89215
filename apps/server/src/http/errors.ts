import { CODE_MESSAGE, Code, type MessageKey, type MessageParams } from '@study-crm/shared';

// A handled outcome other than success: becomes {meta:{code, message}} with HTTP 200.
export class AppError extends Error {
  readonly messageKey: MessageKey;
  constructor(
    readonly code: Code,
    messageKey?: MessageKey,
    readonly params: MessageParams = {},
    // Data sent with the code (e.g. the ticket of a sign-in that still needs its second factor).
    readonly data: unknown = null,
  ) {
    const key = messageKey ?? CODE_MESSAGE[code];
    super(key);
    this.name = 'AppError';
    this.messageKey = key;
  }

  // The same refusal, keeping what caused it for the log (the caller sees only the code and its message).
  static causedBy(code: Code, cause: unknown): AppError {
    const err = new AppError(code);
    err.cause = cause;
    return err;
  }
}

// 400 naming the field: `field` is the request field, `reason` a `v.` message key.
export function badRequest(field: string, reason: MessageKey = 'v.format', params: MessageParams = {}): AppError {
  return new AppError(Code.BAD_REQUEST, 'badRequest', { field, reason, ...params });
}

export const notFound = () => new AppError(Code.NOT_FOUND, 'recordNotFound');
// The record read, or the not-found refusal when there is none: `const row = found(await repo.byId(id))`.
export function found<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw notFound();
  return row;
}
// Someone saved the record after the caller's copy was read (optimistic version check).
export const staleCopy = () => new AppError(Code.CONFLICT, 'versionConflict');
