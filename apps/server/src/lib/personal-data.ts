// What a module holds about one person, for the subject access export (issue 41, docs/data-protection.md). Each module
// that keeps personal data exports a `create<Module>PersonalData(db)` from its index.ts whose `personalData(subject)`
// answers from its own tables only; the privacy module puts the parts together.

// The person: their member id and the addresses things were sent to (e-mail, E.164 mobile with and without '+').
export type PersonalSubject = { memberId: number; emails: string[]; phones: string[] };

// Rows of one table, named `<module>/<table>`: where they came from.
export type PersonalRows = { source: string; rows: Record<string, unknown>[] };

// A stored document held about the person (read through the files storage by the privacy module).
export type PersonalFile = { source: string; id: number; name: string; storedName: string };

export type PersonalData = { parts: PersonalRows[]; files: PersonalFile[] };

export const part = (source: string, rows: readonly object[]): PersonalRows => ({
  source,
  rows: rows.map((r) => ({ ...r })),
});
export const noFiles: PersonalFile[] = [];
