// Front door of the entry module: the generic entry list (type, value, label, sort, status) that dict and tag
// are built on. It has no routes of its own.
export { createEntryRepository } from './entry.repository.js';
export type { EntryRepository, EntryRow } from './entry.repository.js';
export { entryFields, entryReads, guardUnique, staleCopy, toEntry } from './entry.service.js';
// The columns of an entry list's export (issue 39).
export { descriptionColumn, entryColumns, sortColumn, statusColumn } from './entry.export.js';
