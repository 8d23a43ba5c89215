import type { Db } from '../../db/database.js';
import { FILE_COLUMNS } from './file.repository.js';
import { part, type PersonalData, type PersonalSubject } from '../../lib/personal-data.js';
import { APPLICATION_CLOSED_STATUSES, searchText } from '@study-crm/shared';
import type { Conn } from '../../db/conn.js';
import { countIn } from '../../db/sql-helpers.js';
import {
  type ErasureSubject,
  line,
  noteEmail,
  notePhone,
  noteRecords,
  noteValue,
  type PersonalDataPart,
  purgeSearchIndex,
} from '../../db/personal-data.js';
import { searchKey } from './application.repository.js';
import type { InboxService } from '../inbox/index.js';
import { REMINDER_SOURCE } from './reminder.service.js';

// The person's applications with every section and their files, for the subject access export (issue 41). An
// application is the person's when it names their member id. `applicationIdsOf` lets the privacy module ask the
// follow-up and payment modules about the same applications.
export function createApplicationPersonalData(db: Db) {
  const idsOf = async (memberId: number) =>
    (await db.selectFrom('application').select('id').where('memberId', '=', memberId).orderBy('id').execute()).map(
      (r) => r.id,
    );
  const children = async (
    table:
      | 'applicationEducation'
      | 'applicationJob'
      | 'applicationLanguageScore'
      | 'applicationReferrer'
      | 'applicationTargetSchool'
      | 'applicationVisaStep',
    ids: number[],
  ) => (ids.length ? db.selectFrom(table).selectAll().where('applicationId', 'in', ids).orderBy('id').execute() : []);

  return {
    applicationIdsOf: idsOf,
    async personalData(s: PersonalSubject): Promise<PersonalData> {
      const ids = await idsOf(s.memberId);
      const applications = ids.length
        ? await db.selectFrom('application').selectAll().where('id', 'in', ids).orderBy('id').execute()
        : [];
      const files = ids.length
        ? await db
            .selectFrom('applicationFile')
            .select([...FILE_COLUMNS, 'createdAt'])
            .where('applicationId', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      return {
        parts: [
          part(
            'application/application',
            applications.map(
              ({ searchText: _s, searchName: _n, searchEng: _e, passportKey: _p, emailKey: _k, ...a }) => a,
            ),
          ),
          part('application/application_target_school', await children('applicationTargetSchool', ids)),
          part('application/application_education', await children('applicationEducation', ids)),
          part('application/application_job', await children('applicationJob', ids)),
          part('application/application_language_score', await children('applicationLanguageScore', ids)),
          part('application/application_referrer', await children('applicationReferrer', ids)),
          part('application/application_visa_step', await children('applicationVisaStep', ids)),
          part('application/application_file', files),
        ],
        files: files.map((f) => ({
          source: 'application/application_file',
          id: f.id,
          name: `${f.title}.${f.extension}`,
          storedName: f.storedName,
        })),
      };
    },
  };
}
export type ApplicationPersonalData = ReturnType<typeof createApplicationPersonalData>;

const CHILDREN = [
  'applicationEducation',
  'applicationJob',
  'applicationLanguageScore',
  'applicationReferrer',
  'applicationTargetSchool',
  'applicationVisaStep',
] as const;

// Notes the ids of the person's applications' rows in a child table that the audit log records.
async function noteChildRecords(tx: Conn, s: ErasureSubject, table: 'applicationFile' | 'applicationReminder') {
  const rows = await tx.selectFrom(table).select('id').where('applicationId', 'in', s.applicationIds).execute();
  noteRecords(
    s,
    table,
    rows.map((r) => r.id),
  );
}

// An erased person's applications stay as rows (payments and follow-ups point at them), anonymised: the pseudonym as
// the name, every personal field emptied, removed from the lists. Their sections, visa steps, reminders and files go;
// the to-dos the reminders put in teachers' message boxes (titles naming the student) go with them, through the inbox
// module's front door in the same transaction. The visa steps and files are records of the audit log: noted, so its
// entries of them keep which fields changed, not the values.
export const applicationPersonalData = (inbox: Pick<InboxService, 'syncSourceTodo'>): PersonalDataPart => ({
  module: 'application',
  async collect(tx, s) {
    const rows = await tx
      .selectFrom('application')
      .select([
        'id',
        'name',
        'engLastName',
        'engFirstName',
        'formerName',
        'passportNo',
        'areaCode',
        'mobile',
        'landline',
        'email',
        'addressLine1',
        'addressLine2',
        'postcode',
        'importantNotes',
      ])
      .where('memberId', '=', s.memberId)
      .execute();
    for (const a of rows) {
      s.applicationIds.push(a.id);
      noteValue(s, a.name, a.engLastName, a.engFirstName, a.formerName, a.passportNo, a.addressLine1);
      noteValue(s, a.addressLine2, a.importantNotes);
      if (a.engFirstName && a.engLastName) noteValue(s, `${a.engFirstName} ${a.engLastName}`);
      noteEmail(s, a.email);
      notePhone(s, a.areaCode, a.mobile, a.landline);
    }
    noteRecords(s, 'application', s.applicationIds);
    if (!s.applicationIds.length) return;
    await noteChildRecords(tx, s, 'applicationFile');
    const steps = await tx
      .selectFrom('applicationVisaStep')
      .select(['id', 'casNumber'])
      .where('applicationId', 'in', s.applicationIds)
      .execute();
    noteRecords(
      s,
      'applicationVisaStep',
      steps.map((v) => v.id),
    );
    for (const v of steps) noteValue(s, v.casNumber);
    // Their reminders: the e-mail copies of them sent to teachers name the student (the mail module's part blanks
    // the copies of the person's records, decision 344).
    await noteChildRecords(tx, s, 'applicationReminder');
    const referrers = await tx
      .selectFrom('applicationReferrer')
      .select(['lastName', 'firstName', 'email', 'mobile', 'address'])
      .where('applicationId', 'in', s.applicationIds)
      .execute();
    for (const r of referrers) noteValue(s, r.email, r.mobile, r.address);
  },
  async refusals(tx, s) {
    if (!s.applicationIds.length) return [];
    const open = await tx
      .selectFrom('application')
      .select('id')
      .where('id', 'in', s.applicationIds)
      .where('deletedAt', 'is', null)
      .where('status', 'not in', APPLICATION_CLOSED_STATUSES)
      .orderBy('id')
      .execute();
    return open.length ? [{ reason: 'openApplication', ids: open.map((r) => r.id) }] : [];
  },
  async plan(tx, s) {
    const ids = s.applicationIds;
    const n = (table: (typeof CHILDREN)[number] | 'applicationReminder' | 'applicationFile') =>
      countIn(tx, table, 'applicationId', ids);
    const lines = [line('application', 'application', 'anonymise', ids.length, 'pseudonym')];
    for (const t of CHILDREN) lines.push(line('application', t, 'erase', await n(t), 'personal'));
    lines.push(line('application', 'applicationReminder', 'erase', await n('applicationReminder'), 'personal'));
    const files = await n('applicationFile');
    lines.push(line('application', 'applicationFile', 'erase', files, 'personal'));
    lines.push(line('application', 'storedFile', 'erase', files, 'personal'));
    return lines;
  },
  async erase(tx, s) {
    const ids = s.applicationIds;
    const lines = [line('application', 'application', 'anonymise', ids.length, 'pseudonym')];
    if (!ids.length) return { lines };
    for (const t of CHILDREN) {
      const r = await tx.deleteFrom(t).where('applicationId', 'in', ids).executeTakeFirst();
      lines.push(line('application', t, 'erase', Number(r.numDeletedRows), 'personal'));
    }
    const reminders = await tx
      .selectFrom('applicationReminder')
      .select('id')
      .where('applicationId', 'in', ids)
      .execute();
    for (const r of reminders) await inbox.syncSourceTodo({ kind: REMINDER_SOURCE, id: r.id }, null, tx);
    await tx.deleteFrom('applicationReminder').where('applicationId', 'in', ids).execute();
    lines.push(line('application', 'applicationReminder', 'erase', reminders.length, 'personal'));
    const files = await tx
      .selectFrom('applicationFile')
      .select('storedName')
      .where('applicationId', 'in', ids)
      .execute();
    await tx.deleteFrom('applicationFile').where('applicationId', 'in', ids).execute();
    lines.push(line('application', 'applicationFile', 'erase', files.length, 'personal'));
    lines.push(line('application', 'storedFile', 'erase', files.length, 'personal'));
    await tx
      .updateTable('application')
      .set({
        name: s.pseudonym,
        engLastName: null,
        engFirstName: null,
        formerName: null,
        gender: null,
        religion: null,
        nationality: null,
        birthday: null,
        birthplace: null,
        passportNo: null,
        passportIssuePlace: null,
        passportIssueDate: null,
        passportExpiryDate: null,
        areaCode: null,
        mobile: null,
        landline: null,
        email: null,
        addressLine1: null,
        addressLine2: null,
        city: null,
        country: null,
        postcode: null,
        importantNotes: null,
        searchName: searchKey(s.pseudonym),
        searchEng: null,
        passportKey: null,
        emailKey: null,
        searchText: searchText([s.pseudonym]),
        updatedAt: s.now,
      })
      .where('id', 'in', ids)
      .execute();
    await tx
      .updateTable('application')
      .set({ deletedAt: s.now })
      .where('id', 'in', ids)
      .where('deletedAt', 'is', null)
      .execute();
    await purgeSearchIndex(tx, 'application_search');
    return { lines, storedNames: files.map((f) => f.storedName) };
  },
});
