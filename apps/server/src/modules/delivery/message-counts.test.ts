import { beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/database.js';
import { withSecondPool } from '../../test/second-pool.js';
import { useTestApp } from '../../test/signed-in.js';
import { testClock } from '../../test/harness.js';
import { createOutboxRepository, type ChannelName } from './index.js';

// The recipients per delivery status the e-mail and SMS lists show are kept by triggers (migration 0076, decision
// 304). Each test holds them against a count of the outbox rows themselves after every kind of write.
describe('delivery counts per message and status', () => {
  const clock = testClock();
  const t = useTestApp({ env: { DELIVERY_WORKER: 'off' }, clock });
  beforeEach(async () => {
    await t.db.db.deleteFrom('deliveryOutbox').execute();
  });
  const outbox = (handle: DbHandle = t.db) => createOutboxRepository(handle.db, handle.dialect);

  // What the lists read, and the same counted from the outbox rows: { "email 1": { queued: 2, … }, … }.
  async function kept(channel: ChannelName, ids: number[]) {
    const out: Record<string, Record<string, number>> = {};
    for (const r of await outbox().summaries(channel, ids))
      (out[`${channel} ${r.messageId}`] ??= {})[r.status] = Number(r.n);
    return out;
  }
  async function counted(channel: ChannelName, ids: number[]) {
    const out: Record<string, Record<string, number>> = {};
    const rows = await t.db.db
      .selectFrom('deliveryOutbox')
      .select(['messageId', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('channel', '=', channel)
      .where('messageId', 'in', ids)
      .groupBy(['messageId', 'status'])
      .execute();
    for (const r of rows) (out[`${channel} ${r.messageId}`] ??= {})[r.status] = Number(r.n);
    return out;
  }
  const holds = async (channel: ChannelName, ids: number[]) =>
    expect(await kept(channel, ids)).toEqual(await counted(channel, ids));

  it('follows every write: queued, claimed, sent, failed, requeued, cancelled and removed rows', async () => {
    const o = outbox();
    const now = clock.now();
    await o.enqueue(t.db.db, 'email', 1, ['a@example.com', 'b@example.com', 'c@example.com'], now);
    await o.enqueue(t.db.db, 'email', 2, ['d@example.com', 'e@example.com'], now + 60_000);
    await o.enqueue(t.db.db, 'sms', 1, ['+886912345678'], now);
    expect(await kept('email', [1, 2])).toEqual({ 'email 1': { queued: 3 }, 'email 2': { queued: 2 } });
    expect(await kept('sms', [1])).toEqual({ 'sms 1': { queued: 1 } });

    const claimed = await o.claim(now, 10, 60_000, 'tok', ['email']);
    expect(claimed).toHaveLength(3);
    expect(await kept('email', [1, 2])).toEqual({ 'email 1': { sending: 3 }, 'email 2': { queued: 2 } });

    const [a, b, c] = claimed;
    await o.markSent(a!.id, 'p-1', now);
    await o.markFailed(b!.id, 'tok', { status: 'failed', nextAttemptAt: now, error: '550', code: '550' }, now);
    await o.markFailed(c!.id, 'tok', { status: 'queued', nextAttemptAt: now, error: '421', code: '421' }, now);
    // A second record of the same outcome changes nothing (the row is no longer being sent).
    await o.markSent(a!.id, 'p-1', now);
    expect(await kept('email', [1])).toEqual({ 'email 1': { sent: 1, failed: 1, queued: 1 } });

    expect(await o.requeueFailed('email', 1, now)).toBe(1);
    expect(await kept('email', [1])).toEqual({ 'email 1': { sent: 1, queued: 2 } });
    expect(await o.holdQueued(t.db.db, 'email', 2, null, now)).toBe(true);
    expect(await kept('email', [2])).toEqual({ 'email 2': { cancelled: 2 } });
    await holds('email', [1, 2]);

    // A page of a message's rows tells the total from the same counts: all of them, or of one status.
    const page = (status?: 'sent' | 'queued') => o.pageByMessage('email', 1, { limit: 1, offset: 0 }, status);
    expect([(await page()).total, (await page('sent')).total, (await page('queued')).total]).toEqual([3, 1, 2]);
    expect((await page('queued')).rows.map((r) => r.status)).toEqual(['queued']);

    await t.db.db.deleteFrom('deliveryOutbox').where('id', '=', a!.id).execute();
    expect(await kept('email', [1])).toEqual({ 'email 1': { queued: 2 } });
    expect([(await page()).total, (await page('sent')).total]).toEqual([2, 0]);
    await holds('email', [1, 2]);
    await holds('sms', [1]);
  });

  it('counts a message of thousands of recipients in a handful of rows', async () => {
    const recipients = Array.from({ length: 2500 }, (_, i) => `+88691${String(1_000_000 + i)}`);
    await outbox().enqueue(t.db.db, 'sms', 3, recipients, clock.now());
    const rows = await t.db.db.selectFrom('deliveryMessageCount').selectAll().where('messageId', '=', 3).execute();
    expect(rows.map((r) => [r.channel, r.status, Number(r.n)])).toEqual([['sms', 'queued', 2500]]);
  });

  it('PostgreSQL: servers claiming and recording rows of the same messages at once never deadlock', async () => {
    if (t.db.dialect !== 'postgres') return;
    await withSecondPool(t, async (other) => {
      const ids = [21, 22, 23, 24];
      for (const id of ids)
        await outbox().enqueue(
          t.db.db,
          'email',
          id,
          Array.from({ length: 30 }, (_, i) => `m${id}-${i}@example.com`),
          clock.now(),
        );
      // Each worker claims a few rows (of several messages at once), then records each: sent, failed for good, or
      // back to the queue; a worker now and then puts a message's failed rows back. Any deadlock rejects.
      let n = 0;
      async function work(handle: DbHandle, me: string) {
        const o = outbox(handle);
        for (let round = 0; round < 40; round += 1) {
          const now = clock.now();
          const rows = await o.claim(now, 7, 60_000, me, ['email']);
          if (!rows.length) return;
          await Promise.all(
            rows.map(async (row) => {
              const pick = (n += 1) % 4;
              if (pick < 2) return o.markSent(row.id, `${me}-${row.id}`, now);
              const status = pick === 2 || row.attempts >= 3 ? 'failed' : 'queued';
              return o.markFailed(row.id, me, { status, nextAttemptAt: now, error: 'x', code: null }, now);
            }),
          );
          if (round % 5 === 4) await o.requeueFailed('email', ids[round % ids.length]!, now);
        }
      }
      await Promise.all([t.db, other, t.db, other, t.db, other].map((h, i) => work(h, `w${i}`)));
      await holds('email', ids);
    });
  });
});
