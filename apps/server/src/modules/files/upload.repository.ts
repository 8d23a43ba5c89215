import type { Db } from '../../db/database.js';

// Who uploaded each file through the general upload (decision 295): an e-mail or a payment attaches only a stored
// name its caller uploaded there.
export function createUploadLedger(db: Db) {
  return {
    record: (storedName: string, memberId: number, now: number) =>
      db.insertInto('fileUpload').values({ storedName, memberId, createdAt: now }).execute(),

    // The names of these that the member uploaded.
    async uploadedBy(memberId: number, names: readonly string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const rows = await db
        .selectFrom('fileUpload')
        .select('storedName')
        .where('memberId', '=', memberId)
        .where('storedName', 'in', [...names])
        .execute();
      return new Set(rows.map((r) => r.storedName));
    },

    // The orphan sweep removed these files: their rows go with them (500 names a statement).
    async forget(names: readonly string[]): Promise<void> {
      for (let i = 0; i < names.length; i += 500) {
        await db
          .deleteFrom('fileUpload')
          .where('storedName', 'in', names.slice(i, i + 500))
          .execute();
      }
    },
  };
}
export type UploadLedger = ReturnType<typeof createUploadLedger>;
