import type { Readable } from 'node:stream';

// A stored file: its size, and its bytes as a stream opened when asked for (a download, an e-mail attachment).
export type StoredFile = { size: number; read: () => Promise<Readable> };

// Where stored files live: the objects under their stored names. Names reaching a driver are always ours
// (STORED_NAME_RE).
export type ObjectStore = {
  // Moves the checked temp file in (it is gone afterwards).
  put(storedName: string, tempPath: string, size: number, mime: string): Promise<void>;
  // Undefined when there is no such file.
  get(storedName: string): Promise<StoredFile | undefined>;
  // The first `bytes` bytes (the type check); undefined when there is no such file.
  head(storedName: string, bytes: number): Promise<Buffer | undefined>;
  remove(storedName: string): Promise<void>;
  // Every stored name with its last change time (for the orphan sweep).
  list(): Promise<{ storedName: string; mtimeMs: number }[]>;
};
