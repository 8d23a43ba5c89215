import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { withSecondPool } from '../../test/second-pool.js';
import { startTestApp, testClock } from '../../test/harness.js';
import {
  backoffDelay,
  createDeliveryWorker,
  createOutboxRepository,
  DeliveryError,
  type Channel,
  type DeliveryItem,
  type OutboxRepository,
} from './index.js';

const settings = { pollMs: 20, batch: 5, leaseMs: 60_000, maxAttempts: 3, backoffMs: 1000, backoffMaxMs: 10_000 };

// A channel whose answer per call the test decides; it records every send.
function scriptedChannel(answer: (item: DeliveryItem) => Promise<string> | string = () => 'ok') {
  const sent: DeliveryItem[] = [];
  const channel: Channel = {
    name: 'email',
    async send(item) {
      sent.push(item);
      return { providerMessageId: await answer(item) };
    },
  };
  return { channel, sent };
}

describe('delivery outbox and worker', () => {
  const clock = testClock();
  const t = useTestApp({ env: { DELIVERY_WORKER: 'off' }, clock });
  beforeEach(async () => {
    await t.db.db.deleteFrom('deliveryOutbox').execute();
  });

  const outbox = () => createOutboxRepository(t.db.db, t.db.dialect);
  const worker = (channel: Channel, repo: OutboxRepository = outbox()) => {
    const w = createDeliveryWorker({ outbox: repo, clock, settings, log: t.app.log, random: () => 0.5 });
    w.register(channel);
    return w;
  };
  const queue = (messageId: number, recipients: string[]) =>
    outbox().enqueue(t.db.db, 'email', messageId, recipients, clock.now());
  const rows = (messageId: number) => outbox().byMessage('email', messageId);

  it('sends a queued row once and records the provider id; a second pass sends nothing', async () => {
    const { channel, sent } = scriptedChannel((i) => `<id-${i.recipient}>`);
    await queue(1, ['a@example.com', 'b@example.com']);
    const w = worker(channel);
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(sent.map((s) => s.recipient).sort()).toEqual(['a@example.com', 'b@example.com']);
    const done = await rows(1);
    expect(done.map((r) => [r.status, r.attempts, r.providerMessageId])).toEqual([
      ['sent', 1, '<id-a@example.com>'],
      ['sent', 1, '<id-b@example.com>'],
    ]);
  });

  it('retries a transient failure after an exponential backoff, then delivers once', async () => {
    let calls = 0;
    const { channel, sent } = scriptedChannel(() => {
      calls += 1;
      if (calls === 1) throw new DeliveryError('421 try later', false, 'SMTP_4XX');
      return 'ok-id';
    });
    await queue(2, ['c@example.com']);
    const w = worker(channel);
    await w.runOnce();
    const [waiting] = await rows(2);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastErrorCode: 'SMTP_4XX' });
    // random 0.5 → three quarters of the first delay (1000 ms).
    expect(waiting!.nextAttemptAt - clock.now()).toBe(750);
    expect(await w.runOnce()).toBe(0);
    clock.advance(750);
    expect(await w.runOnce()).toBe(1);
    expect((await rows(2))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent).toHaveLength(2);
  });

  it('stops at once on a permanent failure, and after the attempt limit on transient ones', async () => {
    const { channel } = scriptedChannel((i) => {
      throw new DeliveryError('535 auth', i.recipient.startsWith('perm'), 'X');
    });
    await queue(3, ['perm@example.com', 'temp@example.com']);
    const w = worker(channel);
    for (let i = 0; i < 5; i += 1) {
      await w.runOnce();
      clock.advance(60_000);
    }
    const [perm, temp] = await rows(3);
    expect(perm).toMatchObject({ status: 'failed', attempts: 1 });
    expect(temp).toMatchObject({ status: 'failed', attempts: settings.maxAttempts });
  });

  it('retries a row whose worker died after claiming it, once its lease has expired', async () => {
    await queue(4, ['d@example.com']);
    // A worker claims the row and dies before recording anything.
    const claimed = await outbox().claim(clock.now(), 10, settings.leaseMs, 'dead-worker');
    expect(claimed).toHaveLength(1);
    const { channel, sent } = scriptedChannel();
    const w = worker(channel);
    expect(await w.runOnce()).toBe(0);
    clock.advance(settings.leaseMs);
    expect(await w.runOnce()).toBe(1);
    expect(sent).toHaveLength(1);
    expect((await rows(4))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails a row whose worker died on each of its allowed attempts instead of claiming it again', async () => {
    await queue(11, ['k@example.com']);
    for (let i = 0; i < settings.maxAttempts; i += 1) {
      expect(await outbox().claim(clock.now(), 10, settings.leaseMs, `dead-${i}`)).toHaveLength(1);
      clock.advance(settings.leaseMs);
    }
    const { channel, sent } = scriptedChannel();
    expect(await worker(channel).runOnce()).toBe(0);
    expect(sent).toHaveLength(0);
    expect((await rows(11))[0]).toMatchObject({
      status: 'failed',
      attempts: settings.maxAttempts,
      lastErrorCode: 'LEASE_EXPIRED',
    });
  });

  it('never lets a late failure from an expired claim overwrite a recorded success', async () => {
    await queue(5, ['e@example.com']);
    const [row] = await outbox().claim(clock.now(), 10, settings.leaseMs, 'slow');
    await outbox().markSent(row!.id, 'first', clock.now());
    await outbox().markFailed(row!.id, 'slow', { status: 'queued', nextAttemptAt: 0, error: 'x', code: null }, 0);
    expect((await rows(5))[0]).toMatchObject({ status: 'sent', providerMessageId: 'first' });
    expect(await outbox().claim(clock.now() + 10 * settings.leaseMs, 10, settings.leaseMs, 'later')).toEqual([]);
  });

  // The outbox with a `markSent` that fails its first `failures` calls, as a reset connection or a timeout does.
  const failingMarkSent = (failures: number): OutboxRepository => {
    const real = outbox();
    return {
      ...real,
      async markSent(...args: Parameters<OutboxRepository['markSent']>) {
        if (failures-- > 0) throw new Error('Connection terminated unexpectedly');
        return real.markSent(...args);
      },
    };
  };

  it('records a success whose first record failed, and never sends that message again', async () => {
    await queue(10, ['h@example.com']);
    const { channel, sent } = scriptedChannel(() => 'accepted');
    const w = worker(channel, failingMarkSent(1));
    expect(await w.runOnce()).toBe(1);
    expect((await rows(10))[0]).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'accepted' });
    clock.advance(10 * settings.leaseMs);
    expect(await worker(channel).runOnce()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('leaves a success it cannot record sending without a lease: no worker claims it or sends it again', async () => {
    await queue(11, ['i@example.com']);
    const { channel, sent } = scriptedChannel(() => 'accepted');
    const w = worker(channel, failingMarkSent(99));
    expect(await w.runOnce()).toBe(1);
    const [left] = await rows(11);
    expect(left).toMatchObject({ status: 'sending', attempts: 1, lastErrorCode: 'SENT_UNRECORDED' });
    // Long after any lease: the row is not due, so neither this worker nor another sends it again.
    clock.advance(10 * settings.leaseMs);
    expect(await w.runOnce()).toBe(0);
    expect(await worker(channel).runOnce()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(await outbox().claim(clock.now(), 10, settings.leaseMs, 'later')).toEqual([]);
  });

  it('lets two concurrent workers share the queue without sending any row twice', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}@example.com`);
    await queue(6, ids);
    const { channel, sent } = scriptedChannel(async () => {
      await new Promise((r) => setTimeout(r, 2));
      return 'ok';
    });
    const a = worker(channel);
    const b = worker(channel);
    for (let i = 0; i < 10; i += 1) await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(sent.map((s) => s.recipient).sort()).toEqual([...ids].sort());
    expect((await rows(6)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('PostgreSQL: two app servers (own connection pools) claiming at once never send a row twice', async () => {
    if (t.db.dialect !== 'postgres') return;
    await withSecondPool(t, async (other) => {
      const ids = Array.from({ length: 60 }, (_, i) => `pg${i}@example.com`);
      await queue(7, ids);
      const { channel, sent } = scriptedChannel(async () => {
        await new Promise((r) => setTimeout(r, 1));
        return 'ok';
      });
      const mk = (handle: typeof t.db) => {
        const w = createDeliveryWorker({
          outbox: createOutboxRepository(handle.db, handle.dialect),
          clock,
          settings,
          log: t.app.log,
        });
        w.register(channel);
        return w;
      };
      const workers = [mk(t.db), mk(other), mk(t.db), mk(other)];
      for (let i = 0; i < 8; i += 1) await Promise.all(workers.map((w) => w.runOnce()));
      expect(sent.map((s) => s.recipient).sort()).toEqual([...ids].sort());
      expect((await rows(7)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
  });

  it('leaves rows of a channel this server cannot send to a server that can', async () => {
    await outbox().enqueue(t.db.db, 'sms', 8, ['+886912345678'], clock.now());
    const { channel, sent } = scriptedChannel();
    expect(await worker(channel).runOnce()).toBe(0);
    expect(sent).toHaveLength(0);
    expect((await outbox().byMessage('sms', 8))[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('deals the slots of a pass to every lane with due rows, however many rows another lane holds', async () => {
    const sent: DeliveryItem[] = [];
    const laned: Channel = {
      name: 'email',
      laneConcurrency: 3,
      send(item) {
        sent.push(item);
        return Promise.resolve({ providerMessageId: 'ok' });
      },
    };
    const queueOn = (lane: string, messageId: number, n: number) =>
      outbox().enqueue(
        t.db.db,
        'email',
        messageId,
        Array.from({ length: n }, (_, i) => `${lane}-${i}@example.com`),
        clock.now(),
        clock.now(),
        lane,
      );
    await queueOn('email:a', 21, 6);
    await queueOn('email:b', 22, 6);
    await queueOn('email:z', 23, 1);
    const w = worker(laned);
    // Batch 5 over three lanes of width 3: 2, 2 and 1, the lone row of the last lane in the first pass.
    expect(await w.runOnce()).toBe(settings.batch);
    const byLane = (m: number) => sent.filter((i) => i.messageId === m).length;
    expect([byLane(21), byLane(22), byLane(23)]).toEqual([2, 2, 1]);
    // A slot dealt to a lane with fewer rows due is dealt again: batch 6 deals 2, 2, 2, the last lane fills one,
    // and its spare slot goes to the first.
    await t.db.db.deleteFrom('deliveryOutbox').execute();
    sent.length = 0;
    await queueOn('email:a', 21, 6);
    await queueOn('email:b', 22, 6);
    await queueOn('email:z', 23, 1);
    const wide = createDeliveryWorker({ outbox: outbox(), clock, settings: { ...settings, batch: 6 }, log: t.app.log });
    wide.register(laned);
    expect(await wide.runOnce()).toBe(6);
    expect([byLane(21), byLane(22), byLane(23)]).toEqual([3, 2, 1]);
  });

  it('gives back the slots of every lane of a pass whose claim failed', async () => {
    const one: Channel = {
      name: 'email',
      laneConcurrency: 1,
      send: () => Promise.resolve({ providerMessageId: 'ok' }),
    };
    for (const [m, lane] of [
      [31, 'email:a'],
      [32, 'email:b'],
    ] as const)
      await outbox().enqueue(t.db.db, 'email', m, [`${m}@example.com`], clock.now(), clock.now(), lane);
    const real = outbox();
    let isDown = true;
    const flaky: OutboxRepository = {
      ...real,
      claim(...args: Parameters<OutboxRepository['claim']>) {
        if (isDown) {
          isDown = false;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return real.claim(...args);
      },
    };
    const w = createDeliveryWorker({ outbox: flaky, clock, settings: { ...settings, batch: 2 }, log: t.app.log });
    w.register(one);
    await expect(w.runOnce()).rejects.toThrow('Connection terminated');
    // Both lanes' slots are free again: both rows go in the next pass.
    expect(await w.runOnce()).toBe(2);
  });

  it('computes backoff delays that grow, are capped and carry jitter', () => {
    const s = { backoffMs: 1000, backoffMaxMs: 5000 };
    expect(backoffDelay(1, s, () => 0)).toBe(500);
    expect(backoffDelay(3, s, () => 1)).toBe(4000);
    expect(backoffDelay(10, s, () => 1)).toBe(5000);
    expect(backoffDelay(2, s, () => 0.5)).toBe(1500);
  });
});

describe('delivery worker inside the app', () => {
  it('is started by the app, delivers what is queued, and stops when the app closes', async () => {
    const t = await startTestApp({ env: { DELIVERY_POLL_MS: '20' } });
    try {
      const { channel, sent } = scriptedChannel();
      t.app.delivery.register(channel);
      await createOutboxRepository(t.db.db, t.db.dialect).enqueue(t.db.db, 'email', 9, ['f@example.com'], Date.now());
      t.app.delivery.nudge();
      for (let i = 0; i < 100 && sent.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(sent).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('does not run when DELIVERY_WORKER=off', async () => {
    const t = await startTestApp({ env: { DELIVERY_WORKER: 'off', DELIVERY_POLL_MS: '20' } });
    try {
      const { channel, sent } = scriptedChannel();
      t.app.delivery.register(channel);
      await createOutboxRepository(t.db.db, t.db.dialect).enqueue(t.db.db, 'email', 9, ['g@example.com'], Date.now());
      await new Promise((r) => setTimeout(r, 150));
      expect(sent).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
