import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, TimelinePage } from '@study-crm/shared';
import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { createEmailTimeline } from './email-timeline.repository.js';

const smtp = await useSmtpServer();

// Decision 347: the e-mails of an application's timeline are found by its student's address in any letter case.
describe("an application's timeline of e-mails", () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });
  let appId: number;
  let senderId: number;
  const send = async (recipients: string, subject: string) => {
    const res = await t.post(
      '/admin/v1/message/email/add',
      { senderId, platform: 'WEB', recipients, subject, content: '<p>Hello</p>' },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
  };

  beforeAll(async () => {
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '林美', email: 'Mei.Lin@Example.com' }),
      t.admin,
    );
    expect(app.meta.code, app.meta.message).toBe(200);
    appId = app.data.id;
    senderId = await addSenderFor(t, smtp, t.admin);
  });

  it('shows the e-mails sent to the student in any letter case, and none sent to someone else', async () => {
    await send('MEI.LIN@EXAMPLE.COM', 'Shouted');
    await send('mei.lin@example.com', 'Lower');
    await send('mei.lin@Example.COM', 'Mixed');
    await send('mei.lind@example.com', 'Someone else');
    const res = await t.get<TimelinePage>(
      '/admin/v1/sys/timeline',
      { recordType: 'application', recordId: appId },
      t.admin,
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    const titles = res.data.events.filter((e) => e.kind === 'email').map((e) => e.title);
    expect(titles.sort()).toEqual(['Lower', 'Mixed', 'Shouted']);
  });

  it('reads them through the index of the folded address on each engine', async () => {
    const db = t.db.db;
    // The statement the timeline runs, captured as it is compiled.
    let compiled: CompiledQuery | undefined;
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        compiled ??= db.getExecutor().compileQuery(args.node, args.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await createEmailTimeline(db.withPlugin(capture))(['Mei.Lin@Example.com', 'mei.lin@example.com'])(null, 20);
    const q = compiled!;
    expect(q.sql).toContain("'email'");
    const params = [...q.parameters];
    const inline = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    if (isPostgres(db)) {
      const plan = await db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => inline(q.parameters[Number(n) - 1]));
        return sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(tx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('delivery_outbox_email_recipient_ix');
    } else {
      const text = q.sql.replace(/\?/g, () => inline(params.shift()));
      const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain('delivery_outbox_email_recipient_ix');
      // One folded address: the index gives the page in its order, nothing is sorted.
      expect(details).not.toContain('TEMP B-TREE');
    }
  });
});
