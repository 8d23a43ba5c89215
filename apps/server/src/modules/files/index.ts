// Front door of the files module: storage under DATA_DIR, content type checks, the general upload route and the
// authenticated download helper. Modules with attachments keep their own records and call these.
export { detectFileType, isImage, MIME } from './file-type.js';
export type { DetectedType } from './file-type.js';
export { storedFileBody, workbookBody } from './download.js';
export type { StoredFileInfo } from './download.js';
export { registerFileRoutes } from './files.routes.js';
export { createFileStorage, isMissingFile } from './storage.js';
export { createUploadLedger, type UploadLedger } from './upload.repository.js';
export type { ObjectStore, StoredFile } from './object-store.js';
export type { FileStorage, SavedFile, Upload } from './storage.js';
