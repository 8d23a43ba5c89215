import type { Kysely } from 'kysely';
import { column, createIndex, createTable, createTableWithId } from './helpers.js';

// Spreadsheet imports (issue 39, docs/import.md): a run is a checked file (the dry run), then its write; its rows
// are kept with what the check decided, so the write needs no file and any server can show the progress.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'import_run', {
    // application | member | account | dict | tag
    kind: column.required('varchar(16)'),
    // checking (the dry run's rows being stored) | checked (dry run done) | running | done | failed
    status: column.required('varchar(16)'),
    // all (all or nothing) | valid (only the valid rows); null until run
    mode: column.optional('varchar(8)'),
    file_name: column.optional('varchar(255)'),
    total: column.required('integer'),
    // What the dry run found.
    to_add: column.required('integer'),
    to_change: column.required('integer'),
    to_refuse: column.required('integer'),
    // The write: rows done so far (the progress bar) and what they did.
    processed: column.withDefault('integer', 0),
    added: column.withDefault('integer', 0),
    changed: column.withDefault('integer', 0),
    refused: column.withDefault('integer', 0),
    created_by: column.optional('integer'),
  });
  await createIndex(db, 'import_run_created_ix', 'import_run', ['created_by', 'id']);
  await createTable(db, 'import_row', {
    id: column.id(),
    run_id: column.ownedBy('import_run.id'),
    row_no: column.required('integer'),
    // add | change | refuse (the check); after the write: added | changed | refused | skipped
    action: column.required('varchar(8)'),
    outcome: column.optional('varchar(8)'),
    // The cells as written (a JSON array of text), the reason of a refusal ({field, key, params} as JSON), the
    // record a change updates or the write created.
    cells: column.required('text'),
    reason: column.optional('text'),
    target_id: column.optional('integer'),
  });
  await createIndex(db, 'import_row_run_ix', 'import_row', ['run_id', 'row_no']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['import_row', 'import_run']) await db.schema.dropTable(t).execute();
}
