import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import {
  Code,
  IMPORT_BASE,
  IMPORT_COLUMNS,
  jobDownloadLink,
  PERM,
  type ImportCheck,
  type ImportKind,
  type ImportRun,
  type ImportStart,
} from '@study-crm/shared';
import { setRolePerms } from '../../test/access-fixtures.js';
import { staffWith } from '../../test/application-fixtures.js';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { createFileStorage } from '../files/index.js';
import { createJobRepository, createJobService } from '../jobs/index.js';
import { createImportRepository, createImportService, type ImportServices } from './index.js';
import { choicesOf } from './import.kinds.js';
import { download, sheetRows } from '../../test/sms-fixtures.js';
import { jobFile, jobStatus } from '../../test/job-fixtures.js';
import { emptyRowsBomb, workbookOf } from '../../test/xlsx-files.js';

type Cell = string | Date | { formula: string; result: string };

// A sheet of `kind` with the English template headers and rows given by column key.
async function sheet(kind: ImportKind, rows: Record<string, Cell>[], locale: 'en-US' | 'zh-TW' = 'en-US') {
  const columns = IMPORT_COLUMNS[kind];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(columns.map((c) => c.header[locale]));
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const headersOf = (kind: ImportKind) => IMPORT_COLUMNS[kind].map((c) => c.header['en-US']);

describe('spreadsheet imports', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const check = (kind: ImportKind, content: Buffer, token = t.admin.token, name = 'in.xlsx', locale = 'en-US') =>
    t.upload<ImportCheck>(`${IMPORT_BASE[kind]}/check`, {}, { name, content }, { token, locale });
  // Starts the write (a background job), runs the job as the worker would, and answers the run as it ended (with
  // the job's id); a refusal as the start answered it.
  const run = async (kind: ImportKind, id: number, mode: 'all' | 'valid', token = t.admin.token) => {
    const started = await t.post<ImportStart>(`${IMPORT_BASE[kind]}/run`, { id, mode }, { token });
    if (started.meta.code !== 200) return started;
    expect(started.data).toMatchObject({ id, status: 'running', mode });
    await t.app.jobs.runOnce();
    const ended = await t.get<ImportRun>(`${IMPORT_BASE[kind]}/view`, { id }, { token });
    return { ...ended, data: { ...ended.data, jobId: started.data.jobId } };
  };
  const roleIdOf = async (name: string) =>
    (await t.db.db.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const tagCount = async (type: string) =>
    (await t.db.db.selectFrom('tag').select('id').where('type', '=', type).execute()).length;
  const auditOf = (action: string, id: number) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['module', 'action', 'recordId', 'changes', 'outcome', 'memberId'])
      .where('module', '=', 'import')
      .where('action', '=', action)
      .where('recordId', '=', id)
      .execute();

  it('hands out a template per kind: headers in the reader language, an example row, the allowed values', async () => {
    const en = await download(t, t.admin.token, `${IMPORT_BASE.member}/template`);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(en.rawPayload);
    expect(rows[0]).toEqual(headersOf('member'));
    expect(rows[1]![0]).toBe('amy.chen@example.com');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    const allowed = wb.worksheets[1]!;
    expect(allowed.name).toBe('Allowed values');
    const roles = allowed.getColumn(1).values.slice(1).map(String);
    expect(roles[0]).toBe('Roles (names, comma-separated)');
    expect(roles.length).toBeGreaterThan(1);
    const zh = await download(t, t.admin.token, `${IMPORT_BASE.application}/template`, 'zh-TW');
    const app = await sheetRows(zh.rawPayload);
    expect(app[0]!.slice(0, 2)).toEqual(['學生姓名', '英文姓']);
    const appBook = new ExcelJS.Workbook();
    await appBook.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    const lists = appBook.worksheets[1]!;
    expect(lists.name).toBe('允許值');
    expect(lists.getRow(1).values).toContain('性別');
  });

  it('checks tags without writing, then writes only the valid rows; the result sheet gives each reason', async () => {
    const content = await sheet('tag', [
      { type: 'imp', value: 'a', label: '甲', status: 'enabled' },
      { type: 'imp', value: 'b', label: '', status: 'enabled' },
      { type: 'imp', value: 'c', label: '丙', status: 'maybe' },
      { type: 'imp', value: { formula: 'HYPERLINK("http://evil.example","d")', result: 'd' }, label: '丁' },
      { type: 'imp', value: 'a', label: '甲二' },
      { type: 'imp', value: "=cmd|' /C calc'!A0", label: '＝戊' },
    ]);
    const dry = await check('tag', content);
    expect(dry.meta.code, dry.meta.message).toBe(200);
    expect(dry.data).toMatchObject({ status: 'checked', total: 6, toAdd: 2, toChange: 0, toRefuse: 4 });
    expect(dry.meta.message).toBe('Dry run: 2 to add, 0 to change, 4 refused');
    const reasons = Object.fromEntries(dry.data.preview.map((p) => [p.rowNo, p.reason]));
    expect(reasons[3]).toContain('Chinese name');
    expect(reasons[4]).toContain('Status');
    expect(reasons[5]).toBe('"Key" holds a formula: paste it as a value');
    expect(reasons[6]).toBe('Repeats row 2');
    // The dry run wrote no tag.
    expect(await tagCount('imp')).toBe(0);

    // All or nothing: refused rows mean nothing is written, and the run may still be written another way.
    const all = await run('tag', dry.data.id, 'all');
    expect(all.meta.code).toBe(7984);
    expect(all.meta.message).toContain('4 rows are refused');
    expect(await tagCount('imp')).toBe(0);

    const valid = await run('tag', dry.data.id, 'valid');
    expect(valid.meta.code, valid.meta.message).toBe(200);
    expect(valid.data).toMatchObject({ status: 'done', processed: 6, added: 2, changed: 0, refused: 4 });
    expect(await tagCount('imp')).toBe(2);
    // A run is written once.
    expect((await run('tag', dry.data.id, 'valid')).meta.code).toBe(7983);

    const view = await t.get<ImportRun>(`${IMPORT_BASE.tag}/view`, { id: dry.data.id }, { token: t.admin.token });
    expect(view.data.processed).toBe(6);

    const result = await download(t, t.admin.token, `${IMPORT_BASE.tag}/result?id=${dry.data.id}`);
    const rows = await sheetRows(result.rawPayload);
    expect(rows[0]!.slice(0, 5)).toEqual(['Row', 'Outcome', 'Reason', 'Type', 'Key']);
    expect(rows[1]!.slice(0, 5)).toEqual(['2', 'added', '', 'imp', 'a']);
    expect(rows[4]!.slice(0, 3)).toEqual(['5', 'refused', '"Key" holds a formula: paste it as a value']);
    // A hostile string stays text: a string cell, never a formula, with a leading apostrophe (the exports'
    // neutralise), a full-width ＝ too.
    expect(rows[6]!.slice(1, 6)).toEqual(['added', '', 'imp', "'=cmd|' /C calc'!A0", "'＝戊"]);
    const zip = await (await import('jszip')).default.loadAsync(result.rawPayload);
    expect(await zip.file('xl/worksheets/sheet1.xml')!.async('string')).not.toContain('<f>');

    // The result sheet is also the job's file, as every job's (the message box links it).
    const jobSheet = await jobFile(t, valid.data.jobId, t.admin.token);
    expect(jobSheet.statusCode).toBe(200);
    expect((await sheetRows(jobSheet.rawPayload))[4]!.slice(0, 2)).toEqual(['5', 'refused']);
    const job = await jobStatus(t, valid.data.jobId, t.admin.token);
    expect(job.data).toMatchObject({ kind: 'import.tag', status: 'done', done: 6, total: 6 });

    // One audit entry for the start (the mode), one for the write with its row counts, as the importer; none for
    // the tags one by one.
    const started = (await auditOf('run', dry.data.id)).filter((e) => e.outcome === 'ok');
    expect(started).toHaveLength(1);
    expect(JSON.parse(started[0]!.changes!)).toEqual(
      expect.arrayContaining([
        { id: dry.data.id, field: 'status', before: 'checked', after: 'running' },
        { id: dry.data.id, field: 'mode', before: null, after: 'valid' },
      ]),
    );
    const written = await auditOf('write', dry.data.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ outcome: 'ok', memberId: t.admin.mid });
    expect(JSON.parse(written[0]!.changes!)).toEqual(
      expect.arrayContaining([
        { id: dry.data.id, field: 'processed', before: '0', after: '6' },
        { id: dry.data.id, field: 'added', before: '0', after: '2' },
        { id: dry.data.id, field: 'refused', before: '0', after: '4' },
        { id: dry.data.id, field: 'status', before: 'running', after: 'done' },
      ]),
    );
    const tagEntries = await t.db.db.selectFrom('auditLog').select('id').where('module', '=', 'tag').execute();
    expect(tagEntries).toEqual([]);
    expect(await auditOf('check', dry.data.id)).toHaveLength(1);
  });

  it('takes back what an all-or-nothing run added when the database refuses a later row', async () => {
    // A trigger makes the database refuse one row as it is written, past every check of the dry run.
    if (isPostgres(t.db.db)) {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.value = 'boom' then raise exception 'refused by the database'; end if; return new; end $$`.execute(
        t.db.db,
      );
      await sql`create trigger refuse_boom before insert on tag for each row execute function refuse_boom()`.execute(
        t.db.db,
      );
    } else {
      await sql`create trigger refuse_boom before insert on tag when new.value = 'boom'
        begin select raise(abort, 'refused by the database'); end`.execute(t.db.db);
    }
    try {
      const content = await sheet('tag', [
        { type: 'undo', value: 'a', label: '甲', status: 'enabled' },
        { type: 'undo', value: 'b', label: '乙', status: 'enabled' },
        { type: 'undo', value: 'boom', label: '丙', status: 'enabled' },
      ]);
      const dry = await check('tag', content);
      expect(dry.data).toMatchObject({ status: 'checked', toAdd: 3, toRefuse: 0 });
      await run('tag', dry.data.id, 'all');
      // Nothing of the run stays: the two rows before the refused one were taken back.
      expect(await tagCount('undo')).toBe(0);
    } finally {
      // (The function too: on PostgreSQL the test apps' databases are copies of one template, and a function left
      // behind would differ from the pinned schema.)
      if (isPostgres(t.db.db)) {
        await sql`drop trigger refuse_boom on tag`.execute(t.db.db);
        await sql`drop function refuse_boom()`.execute(t.db.db);
      } else await sql`drop trigger refuse_boom`.execute(t.db.db);
    }
  });

  // A row refused while writing: the database refuses it outright ('error'), or another caller took its key just
  // before (a trigger adding the same key: the service answers "exists").
  for (const how of ['error', 'taken'] as const)
    it(`leaves an all-or-nothing run's changes and additions undone, and says so, when a later row fails (${how})`, async () => {
      await t.post('/admin/v1/sys/dict/add', { type: 'undo_kind', value: 'x', label: '舊' }, { token: t.admin.token });
      const body =
        how === 'error'
          ? "raise exception 'refused by the database'"
          : "insert into dict_entry (type, value, label, created_at, updated_at) values (new.type, new.value, 'taken', 0, 0)";
      if (isPostgres(t.db.db)) {
        await sql`create function refuse_boom() returns trigger language plpgsql as $$
          begin if new.value = 'boom' and new.label <> 'taken' then ${sql.raw(body)}; end if; return new; end $$`.execute(
          t.db.db,
        );
        await sql`create trigger refuse_boom before insert on dict_entry for each row execute function refuse_boom()`.execute(
          t.db.db,
        );
      } else {
        const lite = how === 'error' ? "select raise(abort, 'refused by the database')" : body;
        await sql`create trigger refuse_boom before insert on dict_entry when new.value = 'boom' and new.label <> 'taken'
          begin ${sql.raw(lite)}; end`.execute(t.db.db);
      }
      try {
        const dry = await check(
          'dict',
          await sheet('dict', [
            { type: 'undo_kind', value: 'x', label: '新', label2: 'New' },
            { type: 'undo_kind', value: 'y', label: '乙' },
            { type: 'undo_kind', value: 'boom', label: '丙' },
            { type: 'undo_kind', value: 'z', label: '丁' },
          ]),
        );
        expect(dry.data).toMatchObject({ toAdd: 3, toChange: 1, toRefuse: 0 });
        const ended = await run('dict', dry.data.id, 'all');
        // Nothing changed, nothing added.
        const entries = await t.db.db
          .selectFrom('dictEntry')
          .select(['value', 'label', 'label2'])
          .where('type', '=', 'undo_kind')
          .execute();
        expect(entries).toEqual([{ value: 'x', label: '舊', label2: null }]);
        // The counts and the result sheet say so.
        expect(ended.data).toMatchObject({ status: 'failed', processed: 4, added: 0, changed: 0, refused: 1 });
        const result = await download(t, t.admin.token, `${IMPORT_BASE.dict}/result?id=${dry.data.id}`);
        const rows = await sheetRows(result.rawPayload);
        expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
          ['2', 'not written'],
          ['3', 'not written'],
          ['4', 'refused'],
          ['5', 'not written'],
        ]);
        if (how === 'taken') expect(rows[3]![2]).toContain('boom');
      } finally {
        if (isPostgres(t.db.db)) {
          await sql`drop trigger refuse_boom on dict_entry`.execute(t.db.db);
          await sql`drop function refuse_boom()`.execute(t.db.db);
        } else await sql`drop trigger refuse_boom`.execute(t.db.db);
      }
    });

  it('changes existing dictionary entries (all or nothing) when the importer may edit them', async () => {
    await t.post('/admin/v1/sys/dict/add', { type: 'imp_kind', value: 'x', label: '舊' }, { token: t.admin.token });
    const dry = await check(
      'dict',
      await sheet('dict', [
        { type: 'imp_kind', value: 'x', label: '新', label2: 'New' },
        { type: 'imp_kind', value: 'y', label: '乙' },
      ]),
    );
    expect(dry.data).toMatchObject({ toAdd: 1, toChange: 1, toRefuse: 0 });
    const done = await run('dict', dry.data.id, 'all');
    expect(done.data).toMatchObject({ status: 'done', added: 1, changed: 1, refused: 0 });
    const x = await t.db.db
      .selectFrom('dictEntry')
      .select(['label', 'label2'])
      .where('type', '=', 'imp_kind')
      .where('value', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(x).toEqual({ label: '新', label2: 'New' });

    // Without the update permission a change is refused, an addition is not.
    await staffWith(t, 'dictadder', [PERM.dictAdd, PERM.dictList]);
    const { token } = await t.login('dictadder', 'Staff#2026pass');
    const limited = await check(
      'dict',
      await sheet('dict', [
        { type: 'imp_kind', value: 'x', label: '再' },
        { type: 'imp_kind', value: 'z', label: '丙' },
      ]),
      token,
    );
    expect(limited.data).toMatchObject({ toAdd: 1, toChange: 0, toRefuse: 1 });
    expect(limited.data.preview[0]!.reason).toBe('"x" exists and you may not change it');
    // Another member's run is not theirs to read or write.
    const own = await run('dict', limited.data.id, 'valid', token);
    expect(own.meta.code, own.meta.message).toBe(200);
    expect((await t.get(`${IMPORT_BASE.dict}/view`, { id: dry.data.id }, { token })).meta.code).toBe(404);

    // All or nothing, decided again by the job: a row the dry run would add became a change the importer may not
    // make; nothing is written, the job failed with 7984 and the run may be written another way.
    const later = await check('dict', await sheet('dict', [{ type: 'imp_kind', value: 'w', label: '丁' }]), token);
    expect(later.data).toMatchObject({ toAdd: 1, toRefuse: 0 });
    await t.post('/admin/v1/sys/dict/add', { type: 'imp_kind', value: 'w', label: '先' }, { token: t.admin.token });
    const refused = await run('dict', later.data.id, 'all', token);
    expect(refused.data).toMatchObject({ status: 'checked', mode: null, processed: 0, added: 0 });
    const job = await jobStatus(t, refused.data.jobId, token);
    expect(job.data).toMatchObject({ status: 'failed', errorCode: 7984 });
    const w = await t.db.db
      .selectFrom('dictEntry')
      .select('label')
      .where('type', '=', 'imp_kind')
      .where('value', '=', 'w');
    expect(await w.execute()).toEqual([{ label: '先' }]);
    const refusal = await auditOf('write', later.data.id);
    expect(refusal).toMatchObject([{ outcome: 'refused' }]);
  });

  it('imports employees with roles by name, never a role beyond the importer, and accounts', async () => {
    await staffWith(t, 'rich', [PERM.memberAdd, PERM.memberList, PERM.paymentList]);
    await staffWith(t, 'hr', [PERM.memberAdd, PERM.memberList]);
    const { token } = await t.login('hr', 'Staff#2026pass');
    const dry = await check(
      'member',
      await sheet('member', [
        { email: 'new.one@example.com', fullName: '新同事', roles: 'ROLE_HR' },
        { email: 'new.two@example.com', fullName: '越權', roles: 'ROLE_RICH' },
        { email: 'new.three@example.com', fullName: '管理員', roles: 'ROLE_ADMIN' },
        { email: 'new.four@example.com', fullName: '無角色', roles: 'ROLE_NOPE' },
        { email: 'new.five@example.com', loginName: 'RICH', fullName: '重複', roles: 'ROLE_HR' },
      ]),
      token,
    );
    expect(dry.meta.code, dry.meta.message).toBe(200);
    expect(dry.data, JSON.stringify(dry.data.preview)).toMatchObject({ toAdd: 1, toRefuse: 4 });
    const reasons = Object.fromEntries(dry.data.preview.map((p) => [p.rowNo, p.reason]));
    expect(reasons[3]).toMatch(/403|permission|grant/i);
    expect(reasons[4]).toMatch(/ROLE_ADMIN/);
    expect(reasons[5]).toBe('There is no role "ROLE_NOPE"');
    expect(reasons[6]).toBe('"RICH" already exists');
    const done = await run('member', dry.data.id, 'valid', token);
    expect(done.data).toMatchObject({ added: 1, refused: 4 });
    const added = await t.db.db
      .selectFrom('member')
      .innerJoin('memberRole', 'memberRole.memberId', 'member.id')
      .innerJoin('role', 'role.id', 'memberRole.roleId')
      .select(['member.email', 'member.memberType', 'role.name'])
      .where('member.email', 'like', 'new.%')
      .execute();
    expect(added).toEqual([{ email: 'new.one@example.com', memberType: 'staff', name: 'ROLE_HR' }]);

    const accounts = await check(
      'account',
      await sheet('account', [
        { email: 'parent.one@example.com', fullName: '家長', memberType: 'parent' },
        { email: 'student.one@example.com', fullName: '學生' },
        { email: 'not-an-email', fullName: '壞' },
      ]),
    );
    expect(accounts.data).toMatchObject({ toAdd: 2, toRefuse: 1 });
    expect(accounts.data.preview[0]!.reason).toContain('E-mail');
    expect((await run('account', accounts.data.id, 'valid')).data).toMatchObject({ added: 2 });
    const types = await t.db.db
      .selectFrom('member')
      .select(['email', 'memberType'])
      .where('email', 'in', ['parent.one@example.com', 'student.one@example.com'])
      .orderBy('email')
      .execute();
    expect(types).toEqual([
      { email: 'parent.one@example.com', memberType: 'parent' },
      { email: 'student.one@example.com', memberType: 'student' },
    ]);
  });

  it('imports applications with target schools, an education and a language score', async () => {
    const good = {
      name: '陳怡君',
      engLastName: 'Chen',
      engFirstName: 'Amy',
      gender: 'female',
      email: 'amy.import@example.com',
      school1: 'University of Oxford',
      major1: 'Economics',
      school2: 'LSE',
      eduSchool: 'Taipei First Girls High School',
      eduStartDate: '2021-09-01',
      eduEndDate: '2024-06-30',
      testType: 'ielts_academic',
      testDate: '2026-09-20',
      listening: '7',
      reading: '7.5',
      writing: '6.5',
      speaking: '7',
      total: '7',
    };
    const dry = await check(
      'application',
      await sheet('application', [
        good,
        { ...good, name: '壞成績', email: 'bad.score@example.com', listening: '7.3' },
        { ...good, name: '壞性別', email: 'bad.gender@example.com', gender: 'robot' },
      ]),
    );
    expect(dry.meta.code, dry.meta.message).toBe(200);
    expect(dry.data).toMatchObject({ toAdd: 1, toRefuse: 2 });
    const reasons = Object.fromEntries(dry.data.preview.map((p) => [p.rowNo, p.reason]));
    expect(reasons[3]).toContain('Listening');
    expect(reasons[4]).toContain('Gender');
    const done = await run('application', dry.data.id, 'valid');
    expect(done.data).toMatchObject({ added: 1, refused: 2 });
    const app = await t.db.db
      .selectFrom('application')
      .select(['id', 'name'])
      .where('email', '=', 'amy.import@example.com')
      .executeTakeFirstOrThrow();
    const schools = await t.db.db
      .selectFrom('applicationTargetSchool')
      .select(['school', 'major'])
      .where('applicationId', '=', app.id)
      .orderBy('id')
      .execute();
    expect(schools).toEqual([
      { school: 'University of Oxford', major: 'Economics' },
      { school: 'LSE', major: null },
    ]);
    const scores = await t.db.db
      .selectFrom('applicationLanguageScore')
      .select(['testType', 'total'])
      .where('applicationId', '=', app.id)
      .execute();
    expect(scores).toEqual([{ testType: 'ielts_academic', total: 7 }]);
    const edu = await t.db.db
      .selectFrom('applicationEducation')
      .select('school')
      .where('applicationId', '=', app.id)
      .execute();
    expect(edu).toEqual([{ school: 'Taipei First Girls High School' }]);
  });

  describe('application duplicates (decision 342)', () => {
    const appsOf = async (email: string) =>
      (await t.db.db.selectFrom('application').select('id').where('emailKey', '=', email).execute()).length;
    const reasonsOf = (dry: { data: ImportCheck }) =>
      Object.fromEntries(dry.data.preview.map((p) => [p.rowNo, p.reason]));

    it('adds nothing when the same file is imported twice: every row refused as a duplicate, the column named', async () => {
      const content = await sheet('application', [
        { name: '重複甲', email: 'dup.a@example.com', school1: 'University of Oxford', major1: 'Economics' },
        // Known by passport and mobile, its second choice a course without a name.
        {
          name: '重複乙',
          passportNo: 'DP 100200',
          areaCode: '886',
          mobile: '900111222',
          school1: 'UCL',
          major1: 'Law',
          school2: 'LSE',
        },
      ]);
      const first = await check('application', content);
      expect(first.data, JSON.stringify(first.data.preview)).toMatchObject({ toAdd: 2, toRefuse: 0 });
      expect((await run('application', first.data.id, 'valid')).data).toMatchObject({ added: 2, refused: 0 });

      const again = await check('application', content);
      expect(again.data).toMatchObject({ toAdd: 0, toRefuse: 2 });
      expect(reasonsOf(again)).toEqual({
        2: '"Target school 1": this student already has an application for University of Oxford · Economics for the same intake',
        3: '"Target school 1": this student already has an application for UCL · Law for the same intake',
      });
      const zh = await check('application', content, t.admin.token, 'in.xlsx', 'zh-TW');
      expect(reasonsOf(zh)[2]).toBe('「目標學校 1」：此學生已有「University of Oxford · Economics」同一入學期的申請');
      expect((await run('application', again.data.id, 'all')).meta.code).toBe(7984);
      expect((await run('application', again.data.id, 'valid')).data).toMatchObject({ added: 0, refused: 2 });
      expect(await appsOf('dup.a@example.com')).toBe(1);
      const byPassport = await t.db.db
        .selectFrom('application')
        .select('id')
        .where('passportKey', '=', 'DP100200')
        .execute();
      expect(byPassport).toHaveLength(1);
      const result = await download(t, t.admin.token, `${IMPORT_BASE.application}/result?id=${again.data.id}`);
      expect((await sheetRows(result.rawPayload))[2]!.slice(0, 3)).toEqual([
        '3',
        'refused',
        '"Target school 1": this student already has an application for UCL · Law for the same intake',
      ]);

      // The student found by each key: the same passport under another e-mail, the e-mail in capitals, the mobile.
      const other = await check(
        'application',
        await sheet('application', [
          { name: '重複乙', passportNo: 'dp100200', email: 'new.b@example.com', school1: 'LSE' },
          {
            name: '重複甲',
            email: 'DUP.A@example.com',
            school1: 'KCL',
            school2: 'University of Oxford',
            major2: 'Economics',
          },
          { name: '重複乙', areaCode: '886', mobile: '900111222', school1: 'UCL', major1: 'Law' },
        ]),
      );
      expect(reasonsOf(other)).toEqual({
        2: '"Target school 1": this student already has an application for LSE for the same intake',
        3: '"Target school 2": this student already has an application for University of Oxford · Economics for the same intake',
        4: '"Target school 1": this student already has an application for UCL · Law for the same intake',
      });
    });

    it('refuses the second of two rows with the same student, course and intake; another course or intake is none', async () => {
      const cycles = await t.get<{ id: number; entryYear: number }[]>(
        '/api/v1/mc/admissionsCycle/options',
        {},
        { token: t.admin.token },
      );
      const cycleId = cycles.data[0]!.id;
      // Applied with the form for the 2027 intake of the same course.
      const form = await t.post(
        '/api/v1/mc/applicationRecord/create',
        {
          name: '入學期',
          email: 'intake.c@example.com',
          targetSchools: JSON.stringify([{ school: 'KCL', major: 'Law', route: 'ucas', cycleId }]),
        },
        { token: t.admin.token },
      );
      expect(form.meta.code, form.meta.message).toBe(200);
      const dry = await check(
        'application',
        await sheet('application', [
          { name: '同檔甲', email: 'same.file@example.com', school1: 'KCL', major1: 'Law' },
          { name: '同檔甲', email: 'Same.File@example.com', school1: 'KCL', major1: 'History' },
          { name: '同檔甲二', email: 'same.file@example.com', school1: 'UCL', school2: 'KCL', major2: 'Law' },
          // No intake named: not the form's 2027 one.
          { name: '入學期', email: 'intake.c@example.com', school1: 'KCL', major1: 'Law' },
        ]),
      );
      expect(dry.data, JSON.stringify(dry.data.preview)).toMatchObject({ toAdd: 3, toRefuse: 1 });
      expect(reasonsOf(dry)[4]).toBe('"Target school 2": the same student, course and intake as row 2');
      expect((await run('application', dry.data.id, 'valid')).data).toMatchObject({ added: 3, refused: 1 });
      expect(await appsOf('same.file@example.com')).toBe(2);
      expect(await appsOf('intake.c@example.com')).toBe(2);
    });

    // Decision 349: the application keeps the mobile as member rows do (no trunk 0), and the import's key does too.
    it('finds the student of a mobile typed with a trunk 0 on either side', async () => {
      const form = await t.post(
        '/api/v1/mc/applicationRecord/create',
        {
          name: '長途冠碼',
          areaCode: '886',
          mobile: '0933 222-111',
          targetSchools: JSON.stringify([{ school: 'Durham', major: 'Law' }]),
        },
        { token: t.admin.token },
      );
      expect(form.meta.code, form.meta.message).toBe(200);
      const dry = await check(
        'application',
        await sheet('application', [
          { name: '長途冠碼', areaCode: '886', mobile: '0933222111', school1: 'Durham', major1: 'Law' },
          { name: '長途冠碼', areaCode: '886', mobile: '933 222 111', school1: 'Bath', major1: 'Law' },
          { name: '長途冠碼', areaCode: '886', mobile: '0933-222-111', school1: 'Bath', major1: 'Law' },
        ]),
      );
      expect(reasonsOf(dry)).toEqual({
        2: '"Target school 1": this student already has an application for Durham · Law for the same intake',
        3: null,
        4: '"Target school 1": the same student, course and intake as row 3',
      });
    });

    it('refuses a choice another import is writing (its claim), and takes over a claim left by a stopped worker', async () => {
      const row = { name: '同時', email: 'claimed@example.com', school1: 'Durham', major1: 'Physics' };
      const keys = choicesOf(
        { email: row.email, targetSchools: [{ school: 'Durham', major: 'Physics' }] } as never,
        [1],
      )[0]!.keys;
      // Another server is writing the same row: it holds the claim.
      await t.db.db
        .insertInto('importClaim')
        .values(keys.map((claimKey) => ({ claimKey, createdAt: Date.now() })))
        .execute();
      const content = await sheet('application', [row]);
      const dry = await check('application', content);
      expect(dry.data).toMatchObject({ toAdd: 1 });
      const ended = await run('application', dry.data.id, 'valid');
      expect(ended.data, ended.meta.message).toMatchObject({ added: 0, refused: 1 });
      expect(await appsOf('claimed@example.com')).toBe(0);
      const result = await download(t, t.admin.token, `${IMPORT_BASE.application}/result?id=${dry.data.id}`);
      expect((await sheetRows(result.rawPayload))[1]![2]).toContain('Durham · Physics');

      // That worker stopped before releasing it: after a few minutes the claim is taken over, and released.
      await t.db.db
        .updateTable('importClaim')
        .set({ createdAt: Date.now() - 10 * 60_000 })
        .execute();
      const retry = await check('application', content);
      expect((await run('application', retry.data.id, 'valid')).data).toMatchObject({ added: 1 });
      expect(await appsOf('claimed@example.com')).toBe(1);
      expect(await t.db.db.selectFrom('importClaim').select('claimKey').execute()).toEqual([]);
    });

    it('adds each row once when two workers write the same file at the same time', async () => {
      const rows = [1, 2, 3, 4].map((n) => ({ name: `並行${n}`, email: `both.${n}@example.com`, school1: 'York' }));
      const content = await sheet('application', rows);
      const ids = [(await check('application', content)).data.id, (await check('application', content)).data.id];
      for (const id of ids) {
        const started = await t.post<ImportStart>(
          `${IMPORT_BASE.application}/run`,
          { id, mode: 'valid' },
          { token: t.admin.token },
        );
        expect(started.meta.code, started.meta.message).toBe(200);
      }
      // Two workers (as on two servers), each claiming one of the jobs.
      await Promise.all([t.app.jobs.runOnce(), t.app.jobs.runOnce()]);
      const ended = await Promise.all(
        ids.map(
          async (id) =>
            (await t.get<ImportRun>(`${IMPORT_BASE.application}/view`, { id }, { token: t.admin.token })).data,
        ),
      );
      expect(ended.map((r) => r.status)).toEqual(['done', 'done']);
      expect(ended[0]!.added + ended[1]!.added).toBe(4);
      for (const r of rows) expect(await appsOf(r.email)).toBe(1);
    });
  });

  it('reads dates the sheet stored as dates: Excel serial numbers and ISO date-times at midnight', async () => {
    // A date cell as Excel (and ExcelJS) writes it: its serial number with a date format.
    const excel = await sheet('application', [
      {
        name: '日期一',
        email: 'date.one@example.com',
        birthday: new Date(Date.UTC(2006, 4, 1)),
        applicationDate: new Date(Date.UTC(2026, 10, 1)),
      },
    ]);
    // Raw cells: a serial number, an ISO date cell (t="d"), a text date; then what stays refused.
    const cell = (v: string) =>
      v.startsWith('d:')
        ? `<c t="d"><v>${v.slice(2)}</v></c>`
        : v.startsWith('n:')
          ? `<c><v>${v.slice(2)}</v></c>`
          : `<c t="inlineStr"><is><t>${v}</t></is></c>`;
    const row = (n: number, v: Record<string, string>) =>
      `<row r="${n}">${IMPORT_COLUMNS.application.map((c) => cell(v[c.key] ?? '')).join('')}</row>`;
    const raw = workbookOf(
      [
        row(2, {
          name: '日期二',
          email: 'date.two@example.com',
          birthday: 'n:38838',
          applicationDate: 'd:2026-11-01T00:00:00',
        }),
        row(3, {
          name: '日期三',
          email: 'date.three@example.com',
          birthday: '2006-05-01',
          applicationDate: 'd:2026-11-01T00:00:00.000Z',
        }),
        row(4, { name: '時刻', email: 'date.four@example.com', birthday: 'd:2006-05-01T10:30:00' }),
        row(5, { name: '小數', email: 'date.five@example.com', birthday: 'n:38838.5' }),
        row(6, { name: '太遠', email: 'date.six@example.com', birthday: 'n:2958466' }),
      ].join(''),
      { header: headersOf('application') },
    );
    const first = await check('application', excel);
    expect(first.data, JSON.stringify(first.data.preview)).toMatchObject({ toAdd: 1, toRefuse: 0 });
    const second = await check('application', raw);
    expect(second.data, JSON.stringify(second.data.preview)).toMatchObject({ toAdd: 2, toRefuse: 3 });
    const refused = second.data.preview.filter((p) => p.action === 'refuse');
    expect(refused.map((p) => [p.rowNo, p.reason])).toEqual(
      [4, 5, 6].map((n) => [n, expect.stringContaining('Birthday')]),
    );
    expect((await run('application', first.data.id, 'valid')).data).toMatchObject({ added: 1 });
    expect((await run('application', second.data.id, 'valid')).data).toMatchObject({ added: 2 });
    const dates = await t.db.db
      .selectFrom('application')
      .select(['email', 'birthday', 'applicationDate'])
      .where('email', 'like', 'date.%')
      .orderBy('email')
      .execute();
    expect(dates).toEqual([
      { email: 'date.one@example.com', birthday: '2006-05-01', applicationDate: '2026-11-01' },
      { email: 'date.three@example.com', birthday: '2006-05-01', applicationDate: '2026-11-01' },
      { email: 'date.two@example.com', birthday: '2006-05-01', applicationDate: '2026-11-01' },
    ]);
  });

  it('refuses files that are not sheets, bombs, huge files, NUL bytes and wrong columns with the problem named', async () => {
    const headers = headersOf('tag');
    const runs = async () => (await t.db.db.selectFrom('importRun').select('id').execute()).length;
    const before = await runs();
    const cases: [string, Buffer, number, RegExp][] = [
      ['notes.txt', Buffer.from('type,value\n'), 400, /not an Excel/],
      ['fake.xlsx', Buffer.from('PK\u0003\u0004 not really'), 400, /file/i],
      ['bomb.xlsx', emptyRowsBomb(140), 400, /inflates|packed/],
      [
        'lying.xlsx',
        workbookOf(Buffer.alloc(40 * 1024 * 1024, '<row/>'), { declared: 4000, header: headers }),
        7982,
        /more than 50000 rows/,
      ],
      [
        'nul.xlsx',
        workbookOf('<row r="2"><c t="inlineStr"><is><t>imp\u0000</t></is></c></row>', { header: headers }),
        400,
        /could not be read/,
      ],
      ['columns.xlsx', workbookOf('', { header: ['Mobile', 'Region'] }), 7981, /template columns/],
      ['empty.xlsx', workbookOf('', { header: headers }), 7980, /no data rows/],
      ['huge.xlsx', Buffer.alloc(11 * 1024 * 1024, 1), 400, /too large/],
    ];
    for (const [name, content, code, message] of cases) {
      const res = await check('tag', content, t.admin.token, name);
      expect([name, res.meta.code], res.meta.message).toEqual([name, code]);
      expect(res.meta.message).toMatch(message);
    }
    // Nothing was stored for any of them.
    expect(await runs()).toBe(before);
  }, 120_000);

  // A run's file name may be 255 characters; the job's file name (varchar(120)) and the message title (varchar(200))
  // are shorter: PostgreSQL refused the long ones, and a committed import reported "failed".
  it('ends an import of a file with a 200-character name done, its job file and message named to fit', async () => {
    const name = `${'長'.repeat(195)}.xlsx`;
    const content = await sheet('tag', [{ type: 'implong', value: 'a', label: '甲', status: 'enabled' }]);
    const dry = await check('tag', content, t.admin.token, name);
    expect(dry.meta.code, dry.meta.message).toBe(200);
    const ended = await run('tag', dry.data.id, 'all');
    expect(ended.data).toMatchObject({ status: 'done', added: 1 });
    const job = await jobStatus(t, ended.data.jobId, t.admin.token);
    expect(job.data).toMatchObject({ status: 'done', fileName: `${'長'.repeat(115)}.xlsx` });
    const posted = await t.db.db
      .selectFrom('systemMessage')
      .select('title')
      .where('memberId', '=', t.admin.mid)
      .where('link', '=', jobDownloadLink(ended.data.jobId))
      .execute();
    expect(posted).toHaveLength(1);
    expect(Array.from(posted[0]!.title)).toHaveLength(200);
    expect(posted[0]!.title).toContain('長'.repeat(150));
  });

  it('stores the result sheet of a large import (past the 64 KB the upload check reads) as the job file', async () => {
    const random = (n: number) => randomBytes(n).toString('base64url');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      type: 'impbig',
      value: `k${i}${random(9)}`,
      label: i === 0 ? '大' : random(12),
      status: i === 0 ? 'enabled' : 'maybe',
    }));
    const dry = await check('tag', await sheet('tag', rows));
    expect(dry.meta.code, dry.meta.message).toBe(200);
    expect(dry.data).toMatchObject({ total: 3000, toAdd: 1 });
    const ended = await run('tag', dry.data.id, 'valid');
    expect(ended.data).toMatchObject({ status: 'done', added: 1, refused: 2999 });
    const job = await jobStatus(t, ended.data.jobId, t.admin.token);
    expect(job.data).toMatchObject({ status: 'done', errorCode: null });
    const file = await jobFile(t, ended.data.jobId, t.admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(64 * 1024);
    const result = await sheetRows(file.rawPayload);
    expect(result).toHaveLength(3001);
    expect(result[3000]!.slice(0, 2)).toEqual(['3001', 'refused']);
  }, 60_000);

  it('refuses callers without the list add permission', async () => {
    await staffWith(t, 'viewer', [PERM.tagList]);
    const { token } = await t.login('viewer', 'Staff#2026pass');
    const res = await check('tag', await sheet('tag', [{ type: 'imp', value: 'q', label: 'q' }]), token);
    expect(res.meta.code).toBe(403);
    expect((await download(t, token, `${IMPORT_BASE.tag}/template`)).json()).toMatchObject({ meta: { code: 403 } });
  });

  it('writes nothing when the importer lost the add permission before the job ran', async () => {
    await staffWith(t, 'tagimporter', [PERM.tagAdd, PERM.tagList]);
    const { token } = await t.login('tagimporter', 'Staff#2026pass');
    const dry = await check('tag', await sheet('tag', [{ type: 'impgone', value: 'a', label: '甲' }]), token);
    const started = await t.post<ImportStart>(`${IMPORT_BASE.tag}/run`, { id: dry.data.id, mode: 'all' }, { token });
    expect(started.data).toMatchObject({ status: 'running' });
    await setRolePerms(t.db.db, await roleIdOf('ROLE_TAGIMPORTER'), [PERM.tagList]);
    await t.app.jobs.runOnce();
    expect(await tagCount('impgone')).toBe(0);
    const job = await jobStatus(t, started.data.jobId, token);
    expect(job.data).toMatchObject({ status: 'failed', errorCode: 403 });
    const view = await t.db.db.selectFrom('importRun').select('status').where('id', '=', dry.data.id).execute();
    expect(view).toEqual([{ status: 'checked' }]);
  });

  // (Last of these tests: the sweep, on a clock a month ahead, removes every run of this app.)
  it('removes a written run with its rows (the data as imported) and its result sheet after IMPORT_KEEP_DAYS', async () => {
    const DAY = 86_400_000;
    expect(t.config.importKeepMs).toBe(30 * DAY);
    const content = await sheet('application', [
      { name: '留存', email: 'keep.me@example.com', passportNo: 'P1234567' },
    ]);
    const written = await check('application', content);
    expect((await run('application', written.data.id, 'valid')).data).toMatchObject({ status: 'done', added: 1 });
    const cellsOf = async (id: number) =>
      (await t.db.db.selectFrom('importRow').select('cells').where('runId', '=', id).execute()).map((r) => r.cells);
    expect((await cellsOf(written.data.id)).join()).toContain('P1234567');
    // The app's sweep, on a clock of its own.
    const clock = testClock(Date.now());
    const imports = createImportService({
      repo: createImportRepository(t.db.db),
      services: {} as ImportServices,
      clock,
      jobs: { register: () => undefined, enqueue: () => Promise.reject(new Error('no job expected')) },
      permsOf: () => Promise.resolve([]),
      audit: t.app.audit,
      keepMs: t.config.importKeepMs,
    });
    const resultOf = () => download(t, t.admin.token, `${IMPORT_BASE.application}/result?id=${written.data.id}`);
    clock.advance(29 * DAY);
    await imports.sweep();
    expect(await cellsOf(written.data.id)).toHaveLength(1);
    expect((await resultOf()).statusCode).toBe(200);
    clock.advance(2 * DAY);
    await imports.sweep();
    expect(await cellsOf(written.data.id)).toEqual([]);
    expect(await t.db.db.selectFrom('importRun').select('id').where('id', '=', written.data.id).execute()).toEqual([]);
    expect((await resultOf()).json()).toMatchObject({ meta: { code: 404 } });
    // The application it wrote stays.
    const app = await t.db.db.selectFrom('application').select('id').where('email', '=', 'keep.me@example.com');
    expect(await app.execute()).toHaveLength(1);
  });
});

describe('the write of an import longer than the job lease', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const LEASE = 60_000;
  const ROWS = 120;
  const jobRepo = () => createJobRepository(t.db.db, t.db.dialect);
  const jobOf = async (id: number) => (await jobRepo().byId(id))!;

  // An import service and jobs worker of their own on the app's database, whose clock the write's re-check moves:
  // each row's look-up takes a second, so the pass lasts twice the lease. `onLookup` runs at each look-up of the
  // write (the n-th, the job's id, the time); the tags the write adds are collected, not stored.
  async function writeLong(
    onLookup: (n: number, jobId: number, now: number) => Promise<void>,
    ownerMayAct?: (memberId: number) => Promise<void>,
  ) {
    const dry = await t.upload<ImportCheck>(
      `${IMPORT_BASE.tag}/check`,
      {},
      {
        name: 'lease.xlsx',
        content: await sheet(
          'tag',
          Array.from({ length: ROWS }, (_, i) => ({
            type: 'lease',
            value: `v${i}`,
            label: `l${i}`,
            status: 'enabled',
          })),
        ),
      },
      { token: t.admin.token },
    );
    expect(dry.data).toMatchObject({ status: 'checked', toAdd: ROWS });
    const clock = testClock(Date.now());
    const real = createImportRepository(t.db.db);
    let jobId = 0;
    let lookups = 0;
    const repo = {
      ...real,
      async entryId(...args: Parameters<typeof real.entryId>) {
        clock.advance(1000);
        await onLookup(++lookups, jobId, clock.now());
        return real.entryId(...args);
      },
    };
    const added: string[] = [];
    const services = {
      tags: {
        add: (b: { value: string }) => Promise.resolve({ id: added.push(b.value) }),
        update: () => Promise.reject(new Error('no change expected')),
        remove: () => Promise.resolve(),
      },
    } as unknown as ImportServices;
    const jobs = createJobService({
      repo: jobRepo(),
      storage: createFileStorage(t.config, clock),
      inbox: { postMessage: () => Promise.resolve(0) },
      clock,
      settings: { ...t.config.jobs, leaseMs: LEASE },
      log: t.app.log,
      // The test's own owner check, or none (the test's owner may act throughout).
      ownerMayAct: ownerMayAct ?? (() => Promise.resolve()),
    });
    const perms = Object.values(PERM);
    const imports = createImportService({
      repo,
      services,
      clock,
      jobs,
      permsOf: () => Promise.resolve(perms),
      audit: t.app.audit,
      keepMs: t.config.importKeepMs,
    });
    const actor = { id: t.admin.mid, perms: new Set(perms), activeRoleId: null };
    jobId = (await imports.start('tag', { id: dry.data.id, mode: 'valid' }, actor, 'en-US')).jobId;
    await jobs.runOnce();
    const run = await t.db.db.selectFrom('importRun').selectAll().where('id', '=', dry.data.id).executeTakeFirst();
    return { run: run!, job: await jobOf(jobId), added };
  }

  it('keeps the job claimed through the re-check of every row, then writes each row once', async () => {
    let claimable = 0;
    const { run, job, added } = await writeLong(async (_n, jobId, now) => {
      // Another server claims a running job whose lease ran out.
      if (Number((await jobOf(jobId)).claimedUntil) <= now) claimable += 1;
    });
    expect(claimable).toBe(0);
    expect(job).toMatchObject({ status: 'done', done: ROWS });
    expect(run).toMatchObject({ status: 'done', processed: ROWS, added: ROWS });
    expect(added).toHaveLength(ROWS);
  });

  it('stops before writing when another server took the job over during the re-check', async () => {
    const { run, job, added } = await writeLong(async (n, jobId, now) => {
      if (n === 30)
        await t.db.db
          .updateTable('job')
          .set({ claimToken: 'other-server', claimedUntil: now + LEASE })
          .where('id', '=', jobId)
          .execute();
    });
    expect(added).toEqual([]);
    expect(run).toMatchObject({ status: 'running', processed: 0 });
    // Left to its new holder.
    expect(job).toMatchObject({ status: 'running', claimToken: 'other-server' });
  });

  // Decision 386: the owner's refusal at a report is not a lost claim (the report renewed it): nothing written, the run
  // goes back to checked as a refusal at the start puts it, so the owner may start it again once they may act.
  it('gives the run back as checked when its owner may no longer act during the re-check', async () => {
    let isGone = false;
    const { run, job, added } = await writeLong(
      async (n) => {
        if (n === 30) isGone = true;
      },
      async () => {
        if (isGone) throw new AppError(Code.ACCOUNT_INACTIVE);
      },
    );
    expect(added).toEqual([]);
    expect(run).toMatchObject({ status: 'checked', processed: 0 });
    expect(job).toMatchObject({ status: 'failed', errorCode: Code.ACCOUNT_INACTIVE });
  });
});

describe('an import whose writes are slow, against the job lease', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  const LEASE = 60_000;
  const ROWS = 250;
  // Each write of a tag takes 0.4 s of the test clock: 200 rows take 80 s, more than the lease.
  const WRITE_MS = 400;
  const jobRepo = () => createJobRepository(t.db.db, t.db.dialect);
  const jobOf = async (id: number) => (await jobRepo().byId(id))!;
  const outcomesOf = async (runId: number) => {
    const rows = await t.db.db.selectFrom('importRow').select('outcome').where('runId', '=', runId).execute();
    const counts: Record<string, number> = {};
    for (const r of rows) counts[String(r.outcome)] = (counts[String(r.outcome)] ?? 0) + 1;
    return counts;
  };

  // A checked tag sheet of ROWS rows started as `mode` on an import service and jobs worker of their own, whose
  // clock each write moves; the tags are kept in memory (`live`), with every add and removal. `onWrite` runs inside
  // the n-th write (the job's id), before it returns; `server()` makes another server's worker on the same clock.
  async function slowWrite(mode: 'all' | 'valid', onWrite: (n: number, jobId: number) => Promise<void>) {
    const dry = await t.upload<ImportCheck>(
      `${IMPORT_BASE.tag}/check`,
      {},
      {
        name: 'slow.xlsx',
        content: await sheet(
          'tag',
          Array.from({ length: ROWS }, (_, i) => ({
            type: `slow_${mode}`,
            value: `v${i}`,
            label: `l${i}`,
            status: 'enabled',
          })),
        ),
      },
      { token: t.admin.token },
    );
    expect(dry.data).toMatchObject({ status: 'checked', toAdd: ROWS });
    const clock = testClock(Date.now());
    const live = new Map<number, string>();
    const log = { adds: 0, removed: [] as number[] };
    let jobId = 0;
    const services = {
      tags: {
        async add(b: { value: string }) {
          clock.advance(WRITE_MS);
          const id = ++log.adds;
          live.set(id, b.value);
          await onWrite(id, jobId);
          return { id };
        },
        update: () => Promise.reject(new Error('no change expected')),
        remove: (id: number) => Promise.resolve(void (log.removed.push(id), live.delete(id))),
      },
    } as unknown as ImportServices;
    const perms = Object.values(PERM);
    const server = () => {
      const jobs = createJobService({
        repo: jobRepo(),
        storage: createFileStorage(t.config, clock),
        inbox: { postMessage: () => Promise.resolve(0) },
        clock,
        settings: { ...t.config.jobs, leaseMs: LEASE },
        log: t.app.log,
        ownerMayAct: () => Promise.resolve(), // the test's owner may act throughout
      });
      const imports = createImportService({
        repo: createImportRepository(t.db.db),
        services,
        clock,
        jobs,
        permsOf: () => Promise.resolve(perms),
        audit: t.app.audit,
        keepMs: t.config.importKeepMs,
      });
      return { jobs, imports };
    };
    const first = server();
    const actor = { id: t.admin.mid, perms: new Set(perms), activeRoleId: null };
    jobId = (await first.imports.start('tag', { id: dry.data.id, mode }, actor, 'en-US')).jobId;
    const runOf = async () =>
      (await t.db.db.selectFrom('importRun').selectAll().where('id', '=', dry.data.id).executeTakeFirst())!;
    return { first, server, clock, live, log, runId: dry.data.id, jobId: () => jobId, runOf };
  }

  it('renews the lease by time while it writes: 250 slow rows of an all-or-nothing run are all written', async () => {
    const w = await slowWrite('all', () => Promise.resolve());
    await w.first.jobs.runOnce();
    expect(await w.runOf()).toMatchObject({ status: 'done', processed: ROWS, added: ROWS });
    expect((await jobOf(w.jobId())).status).toBe('done');
    expect(w.live.size).toBe(ROWS);
    expect(w.log.removed).toEqual([]);
  });

  // Another server took the job over at the 100th write (its lease is renewed by time, so only a stall lets that
  // happen): the worker finds out at its next report and stops. "all": what it wrote is taken back; "valid": it stays.
  for (const mode of ['all', 'valid'] as const)
    it(`stops when the job is taken over while writing; ${mode === 'all' ? 'takes back what it wrote' : 'keeps what it wrote'}, the retry writes nothing`, async () => {
      const w = await slowWrite(mode, async (n, jobId) => {
        if (n === 100)
          await t.db.db
            .updateTable('job')
            .set({ claimToken: 'other-server', claimedUntil: w.clock.now() + LEASE })
            .where('id', '=', jobId)
            .execute();
      });
      await w.first.jobs.runOnce();
      const adds = w.log.adds;
      // Stopped at the next renewal, at most RENEW_MS (5 s) of writes later.
      expect(adds).toBeGreaterThanOrEqual(100);
      expect(adds).toBeLessThan(200);
      const run = await w.runOf();
      expect(run).toMatchObject({ status: 'failed', changed: 0 });
      if (mode === 'all') {
        expect(w.live.size).toBe(0);
        // Each addition removed once, the last first.
        expect(w.log.removed).toEqual(Array.from({ length: adds }, (_, i) => adds - i));
        expect(run.added).toBe(0);
        expect(await outcomesOf(w.runId)).toEqual({ skipped: ROWS });
      } else {
        expect(w.live.size).toBe(adds);
        expect(w.log.removed).toEqual([]);
        expect(run.added).toBe(adds);
        expect(await outcomesOf(w.runId)).toEqual({ added: adds, skipped: ROWS - adds });
      }
      // Left to its new holder, whose retry (once its own lease ran out) fails the job and writes or takes back nothing.
      expect(await jobOf(w.jobId())).toMatchObject({ status: 'running', claimToken: 'other-server' });
      w.clock.advance(LEASE + 1000);
      const other = w.server();
      expect(await other.jobs.runOnce()).toBe(1);
      expect(await jobOf(w.jobId())).toMatchObject({ status: 'failed', errorCode: Code.JOB_FAILED });
      expect(w.log.adds).toBe(adds);
      expect(w.log.removed).toHaveLength(mode === 'all' ? adds : 0);
      expect(await w.runOf()).toMatchObject({ status: 'failed', added: run.added });
    });

  it('is written by one worker only when its first write outlasts the lease and another server claims the job', async () => {
    const w = await slowWrite('all', async (n) => {
      if (n !== 1) return;
      // The first write stalls past the lease; meanwhile another server claims the job, finds the write begun, and
      // fails it.
      w.clock.advance(LEASE + 1000);
      expect(await w.server().jobs.runOnce()).toBe(1);
    });
    await w.first.jobs.runOnce();
    // The other server wrote nothing; this worker's one write was taken back, once.
    expect(w.log.adds).toBe(1);
    expect(w.log.removed).toEqual([1]);
    expect(w.live.size).toBe(0);
    expect(await w.runOf()).toMatchObject({ status: 'failed', added: 0 });
    expect(await outcomesOf(w.runId)).toEqual({ skipped: ROWS });
    expect(await jobOf(w.jobId())).toMatchObject({ status: 'failed', errorCode: Code.JOB_FAILED });
  });
});
