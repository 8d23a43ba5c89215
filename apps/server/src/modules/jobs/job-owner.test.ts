import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  IMPORT_BASE,
  IMPORT_COLUMNS,
  PERM,
  type BackgroundJob,
  type ExportStart,
  type ImportCheck,
  type ImportKind,
  type ImportStart,
  type MessageBox,
} from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { testClock } from '../../test/harness.js';
import { jobStatus } from '../../test/job-fixtures.js';
import { useTestApp, type Session } from '../../test/signed-in.js';

// A job acts as its owner may act now, by the session check's rule: an owner deactivated, removed or made to set up
// a second factor after starting an export or an import gets nothing run, the job failed with the reason's code.

// The role TWO_FACTOR_ROLES names in this file: given to a member without a second factor, it leaves them pending.
const SECURE = 'ROLE_JOBSECURE';

// A sheet of `kind` with the English template headers and rows given by column key.
async function sheet(kind: ImportKind, rows: Record<string, string>[]) {
  const columns = IMPORT_COLUMNS[kind];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(columns.map((c) => c.header['en-US']));
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('a background job whose owner may no longer act', () => {
  const clock = testClock();
  const t = useTestApp({
    signIn: true,
    clock,
    env: { DELIVERY_WORKER: 'off', EXPORT_DIRECT_MAX_ROWS: '1', TWO_FACTOR_ROLES: SECURE },
  });
  let secureRole = 0;
  let n = 0;

  beforeAll(async () => {
    secureRole = await createRole(t.db.db, SECURE, []);
  });

  // A staff member of a role of their own holding `perms`, signed in.
  async function staff(perms: string[]) {
    const name = `jobowner${++n}`;
    const role = await createRole(t.db.db, `ROLE_JOBOWNER${n}`, perms);
    const mid = await createStaff(t.db.db, name, [role]);
    const session: Session = await t.login(name, STAFF_PASSWORD);
    return { ...session, mid, role };
  }
  const admin = () => ({ token: t.admin.token });
  // What happens to the owner after the job is queued, through the administrator's calls.
  const losses = {
    deactivated: async (o: { mid: number }) => {
      const res = await t.post('/api/v1/mc/member/updateStatus', { id: o.mid, status: 'inactive' }, admin());
      expect(res.meta.code, res.meta.message).toBe(200);
    },
    removed: async (o: { mid: number }) => {
      const res = await t.post('/api/v1/mc/member/remove', { id: o.mid }, admin());
      expect(res.meta.code, res.meta.message).toBe(200);
    },
    'given a role that needs a second factor': async (o: { mid: number; role: number }) => {
      const body = { userId: o.mid, roleIds: `${o.role},${secureRole}` };
      const res = await t.post('/api/v1/mc/sys/role/updateMemberRoles', body, admin());
      expect(res.meta.code, res.meta.message).toBe(200);
    },
  };
  const codeOf: Record<keyof typeof losses, number> = {
    deactivated: Code.ACCOUNT_INACTIVE,
    removed: Code.ACCOUNT_INACTIVE,
    'given a role that needs a second factor': Code.TWO_FACTOR_SETUP_REQUIRED,
  };
  // The job as its owner's own status call answers it (the service's call: a removed owner has no session).
  const jobOf = (id: number, owner: { mid: number }): Promise<BackgroundJob> => t.app.jobs.status(id, owner.mid);

  async function startExport(owner: { token: string }) {
    const start = await t.post<ExportStart>('/api/v1/export/start', { list: 'auditLog', filters: '{}' }, owner);
    expect(start.meta.code, start.meta.message).toBe(200);
    expect(start.data.jobId).not.toBeNull();
    return start.data.jobId!;
  }
  async function startImport(kind: ImportKind, owner: { token: string }, rows: Record<string, string>[]) {
    const dry = await t.upload<ImportCheck>(
      `${IMPORT_BASE[kind]}/check`,
      {},
      { name: 'in.xlsx', content: await sheet(kind, rows) },
      owner,
    );
    expect(dry.meta.code, dry.meta.message).toBe(200);
    expect(dry.data).toMatchObject({ toAdd: rows.length, toRefuse: 0 });
    const started = await t.post<ImportStart>(`${IMPORT_BASE[kind]}/run`, { id: dry.data.id, mode: 'all' }, owner);
    expect(started.data).toMatchObject({ status: 'running' });
    return { runId: dry.data.id, jobId: started.data.jobId };
  }
  const tagCount = async (type: string) =>
    (await t.db.db.selectFrom('tag').select('id').where('type', '=', type).execute()).length;
  const runOf = (id: number) =>
    t.db.db.selectFrom('importRun').select(['status', 'processed']).where('id', '=', id).executeTakeFirstOrThrow();
  const writeAuditOf = (runId: number) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['outcome', 'code', 'memberId'])
      .where('module', '=', 'import')
      .where('action', '=', 'write')
      .where('recordId', '=', runId)
      .execute();

  it("runs an active member's export and tag import as before", async () => {
    const owner = await staff([PERM.auditList, PERM.tagAdd, PERM.tagList]);
    const exportJob = await startExport(owner);
    const tags = await startImport('tag', owner, [{ type: 'jobkeep', value: 'a', label: '甲', status: 'enabled' }]);
    await t.app.jobs.runOnce();
    expect(await jobOf(exportJob, owner)).toMatchObject({ status: 'done', errorCode: null });
    expect(await jobOf(tags.jobId, owner)).toMatchObject({ status: 'done', errorCode: null });
    expect(await tagCount('jobkeep')).toBe(1);
    expect(await runOf(tags.runId)).toMatchObject({ status: 'done', processed: 1 });
  });

  for (const [how, lose] of Object.entries(losses) as [keyof typeof losses, (typeof losses)[keyof typeof losses]][]) {
    const code = codeOf[how];

    it(`runs no export of a member ${how} after starting it: the job fails with ${code}`, async () => {
      const owner = await staff([PERM.auditList]);
      const jobId = await startExport(owner);
      await lose(owner);
      await t.app.jobs.runOnce();
      expect(await jobOf(jobId, owner)).toMatchObject({ status: 'failed', errorCode: code, done: 0, fileName: null });
      const stored = await t.db.db.selectFrom('job').select('storedName').where('id', '=', jobId).execute();
      expect(stored).toEqual([{ storedName: null }]);
    });

    it(`writes no tag of an import by a member ${how} after starting it: the job fails with ${code}`, async () => {
      const owner = await staff([PERM.tagAdd, PERM.tagList]);
      const type = `jobgone${n}`;
      const { runId, jobId } = await startImport('tag', owner, [{ type, value: 'a', label: '甲', status: 'enabled' }]);
      await lose(owner);
      await t.app.jobs.runOnce();
      expect(await tagCount(type)).toBe(0);
      expect(await jobOf(jobId, owner)).toMatchObject({ status: 'failed', errorCode: code });
      // As when the add permission was lost: the run is checked again, nothing processed, the refusal audited.
      expect(await runOf(runId)).toEqual({ status: 'checked', processed: 0 });
      expect(await writeAuditOf(runId)).toEqual([{ outcome: 'refused', code, memberId: owner.mid }]);
    });

    it(`adds no employee and grants no role for an import by a member ${how} after starting it`, async () => {
      // A role the importer may give: it holds nothing they lack.
      const clerk = `ROLE_JOBCLERK${n}`;
      await createRole(t.db.db, clerk, [PERM.tagList]);
      const owner = await staff([PERM.memberAdd, PERM.memberList, PERM.tagList]);
      const email = `job.gone${n}@example.com`;
      const { jobId } = await startImport('member', owner, [{ email, fullName: '新同事', roles: clerk }]);
      await lose(owner);
      await t.app.jobs.runOnce();
      expect(await jobOf(jobId, owner)).toMatchObject({ status: 'failed', errorCode: code });
      const added = await t.db.db.selectFrom('member').select('id').where('email', '=', email).execute();
      expect(added).toEqual([]);
    });
  }

  it('tells a member waiting for their second factor why their job did not run, in their language', async () => {
    const owner = await staff([PERM.auditList]);
    const jobId = await startExport(owner);
    await losses['given a role that needs a second factor'](owner);
    await t.app.jobs.runOnce();
    // Their own calls still answer (the status, the message box): the job failed, and the message says why.
    const status = await jobStatus(t, jobId, owner.token);
    expect(status.data).toMatchObject({ status: 'failed', errorCode: Code.TWO_FACTOR_SETUP_REQUIRED });
    const box = await t.get<MessageBox>('/api/v1/message/box', { tab: 'message' }, owner);
    expect(box.data.message.list[0]?.content).toBe(
      'Your role requires two-factor sign-in: set it up on your profile page first',
    );
  });

  it('stops a running job at a progress report once its owner is deactivated (asked again every 10 s)', async () => {
    const owner = await staff([]);
    const reached: number[] = [];
    t.app.jobs.register('test-owner-lost', {
      readyTitle: () => 'Owner lost',
      async run(_job, report) {
        await losses.deactivated(owner);
        // Within 10 s of its start (its kind checked the owner as it began): not asked again yet.
        await report(0, 3);
        reached.push(1);
        clock.advance(10_000);
        await report(1, 3);
        reached.push(2);
        const out = new PassThrough();
        out.end('never stored');
        return { stream: out, fileName: 'never.xlsx', done: 3, total: 3 };
      },
    });
    const job = await t.app.jobs.enqueue('test-owner-lost', owner.mid, {}, 'en-US');
    await t.app.jobs.runOnce();
    expect(reached).toEqual([1]);
    expect(await jobOf(job.id, owner)).toMatchObject({ status: 'failed', errorCode: Code.ACCOUNT_INACTIVE });
  });
});
