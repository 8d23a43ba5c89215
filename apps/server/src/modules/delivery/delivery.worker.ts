import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { outsideAuditScope } from '../../lib/audit-scope.js';
import { DeliveryError, type Channel, type ChannelName, type DeliveryItem, type SendResult } from './delivery.types.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';

// The worker's part of the delivery settings (DELIVERY_* in config.ts).
export type WorkerSettings = Omit<Config['delivery'], 'isWorkerOn' | 'laneConcurrency' | 'reminderEveryMs'>;

// Exponential backoff with jitter: base·2^(attempt-1), capped, then a random point in its upper half.
export function backoffDelay(
  attempt: number,
  s: Pick<WorkerSettings, 'backoffMs' | 'backoffMaxMs'>,
  random = Math.random,
) {
  const full = Math.min(s.backoffMaxMs, s.backoffMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

// The waits before a failed write of a success is tried again (a reset connection, a timeout): short, as the row's
// lane slot is held meanwhile.
const RECORD_WAITS_MS = [100, 500];

// A write tried again after each of RECORD_WAITS_MS; the last failure is thrown.
async function retried(write: () => Promise<void>): Promise<void> {
  for (const wait of RECORD_WAITS_MS) {
    try {
      return await write();
    } catch {
      await sleep(wait);
    }
  }
  return write();
}

// Claims due outbox rows, hands each to its channel, records the outcome. Several workers (in one or many
// processes) may run against one database: a row is claimed by one of them at a time.
//
// Rows are claimed per lane (one mail server's mail, its system mail, SMS): at most the channel's `laneConcurrency`
// rows of a lane and `batch` rows in all are in flight in one worker, and a finished row frees its slot for the next claim at once,
// so a slow mail server holds up only its own lane. A worker claims only what it starts sending now; while a row is
// in flight its lease is renewed every third of the lease, and each row's claim is renewed just before it is sent,
// so a live worker keeps its claims and never sends a row another worker has taken over.
export function createDeliveryWorker(deps: {
  outbox: OutboxRepository;
  clock: Clock;
  settings: WorkerSettings;
  log: FastifyBaseLogger;
  random?: () => number;
}) {
  const { outbox, clock, settings, log } = deps;
  const random = deps.random ?? Math.random;
  const channels = new Map<ChannelName, Channel>();
  // One claim token per worker: the heartbeat renews every row it holds in one statement.
  const token = randomBytes(12).toString('base64url');
  // Rows in flight (sending) per lane, counting slots reserved for a claim under way.
  const busy = new Map<string, number>();
  let inFlight = 0;
  const sending = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let pumping: Promise<number> | undefined;
  let pumpAgain = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let isStopped = true;
  // The lane a pass deals its first slot to, moving on by one each pass.
  let turn = 0;

  const take = (lane: string, n: number) => {
    busy.set(lane, (busy.get(lane) ?? 0) + n);
    inFlight += n;
  };
  const release = (lane: string, n: number) => {
    const left = (busy.get(lane) ?? 0) - n;
    if (left > 0) busy.set(lane, left);
    else busy.delete(lane);
    inFlight -= n;
  };

  async function deliver(row: OutboxRow): Promise<void> {
    const channel = channels.get(row.channel as ChannelName);
    const item: DeliveryItem = {
      id: row.id,
      channel: row.channel as ChannelName,
      messageId: row.messageId,
      recipient: row.recipient,
      attempts: row.attempts,
    };
    let result: SendResult;
    try {
      // The claim may have run out while the row waited: send only a row this worker still holds.
      const now = clock.now();
      const held = await outbox.renew([row.id], token, now + settings.leaseMs, now);
      if (!held.length) {
        log.warn(
          { outboxId: row.id, channel: row.channel },
          'delivery claim lost before sending; row left to its holder',
        );
        return;
      }
      if (!channel) throw new DeliveryError(`no channel ${row.channel}`, true, 'NO_CHANNEL');
      result = await channel.send(item);
    } catch (err) {
      const failure =
        err instanceof DeliveryError ? err : new DeliveryError(err instanceof Error ? err.message : String(err), false);
      const isFinal = failure.isPermanent || row.attempts >= settings.maxAttempts;
      const now = clock.now();
      await outbox.markFailed(
        row.id,
        token,
        {
          status: isFinal ? 'failed' : 'queued',
          nextAttemptAt: isFinal ? now : now + backoffDelay(row.attempts, settings, random),
          error: failure.message,
          code: failure.code,
        },
        now,
      );
      log.warn(
        { outboxId: row.id, channel: row.channel, attempt: row.attempts, code: failure.code, isFinal },
        'delivery attempt failed',
      );
      return;
    }
    await recordSent(row, result.providerMessageId);
  }

  // Records a success. The channel accepted the message, so no failure from here on may put the row back in the
  // queue (decision 31: never sent again): the write is tried again after a short wait (the row is still in flight,
  // so the heartbeat keeps its lease). When it still fails, the row stays `sending` without a lease
  // (`markUnrecorded`): a claim only takes a `sending` row whose lease ran out, so no worker sends it again; better
  // one message shown as sending than one sent twice (decision 333). Only if that write fails too does the lease
  // run out and the row go out again, as for a worker that died before recording (decision 31).
  async function recordSent(row: OutboxRow, providerMessageId: string | null): Promise<void> {
    try {
      await retried(() => outbox.markSent(row.id, providerMessageId, clock.now()));
      return;
    } catch (err) {
      log.error(
        { err, outboxId: row.id, channel: row.channel, providerMessageId },
        'delivery sent but its success not recorded; row left sending without a lease, never sent again',
      );
      const message = err instanceof Error ? err.message : String(err);
      await retried(() => outbox.markUnrecorded(row.id, message, clock.now()));
    }
  }

  // Starts one claimed row; its slot is freed (and the worker woken for the next row) when it is recorded.
  function start(row: OutboxRow): Promise<void> {
    const done = deliver(row)
      .catch((err: unknown) => log.error({ err, outboxId: row.id }, 'delivery of a row failed unrecorded'))
      .finally(() => {
        sending.delete(row.id);
        release(row.lane, 1);
        wake(0);
      });
    sending.set(row.id, done);
    return done;
  }

  // Deals `budget` slots one lane at a time in turn, each lane up to its `room`: every lane gets a slot before any
  // gets a second.
  function deal(lanes: { lane: string }[], room: Map<string, number>, budget: number): number[] {
    const share = lanes.map(() => 0);
    for (let dealt = true; budget > 0 && dealt;) {
      dealt = false;
      for (let i = 0; i < lanes.length && budget > 0; i += 1) {
        if (share[i]! >= room.get(lanes[i]!.lane)!) continue;
        share[i]! += 1;
        budget -= 1;
        dealt = true;
      }
    }
    return share;
  }

  // Claims, lane by lane, as many due rows as there are free slots when the pass starts and starts sending them.
  // Returns the rows started and a promise of their outcomes. The free slots are dealt out to the lanes in turn,
  // starting one lane further on each pass, so no lane with due rows goes without a slot while another holds many
  // (a large SMS batch never keeps a code waiting, decision 364); slots a lane could not fill (fewer rows due) are
  // dealt again to the lanes that filled theirs. Slots freed meanwhile are the next pass's (a finished row wakes it).
  async function pump(): Promise<{ started: number; done: Promise<unknown> }> {
    const names = [...channels.keys()];
    await outbox.failExpired(clock.now(), settings.maxAttempts, names);
    const lanes = await outbox.dueLanes(clock.now(), names);
    const shift = lanes.length ? turn++ % lanes.length : 0;
    let open = [...lanes.slice(shift), ...lanes.slice(0, shift)];
    const room = new Map(
      open.map(({ lane, channel }) => [
        lane,
        Math.max(0, (channels.get(channel)?.laneConcurrency ?? settings.batch) - (busy.get(lane) ?? 0)),
      ]),
    );
    let budget = settings.batch - inFlight;
    const started: Promise<void>[] = [];
    while (open.length && budget > 0) {
      const share = deal(open, room, budget);
      if (!share.some((n) => n > 0)) break;
      // Reserve the slots before the claims' awaits, so a pass running alongside does not take them too.
      open.forEach(({ lane }, i) => share[i] && take(lane, share[i]!));
      const filled: typeof open = [];
      for (const [i, entry] of open.entries()) {
        const free = share[i]!;
        if (!free) continue;
        let rows: OutboxRow[] = [];
        try {
          rows = await outbox.claim(clock.now(), free, settings.leaseMs, token, names, entry.lane);
        } catch (err) {
          // The slots reserved for the lanes not yet claimed go back too.
          open.forEach(({ lane }, j) => j > i && share[j] && release(lane, share[j]!));
          throw err;
        } finally {
          release(entry.lane, free - rows.length);
        }
        room.set(entry.lane, room.get(entry.lane)! - rows.length);
        budget -= rows.length;
        for (const row of rows) started.push(start(row));
        if (rows.length === free) filled.push(entry);
      }
      open = filled;
    }
    return { started: started.length, done: Promise.all(started) };
  }

  // One pass: claim what fits and deliver it. Returns how many rows were handled.
  async function runOnce(): Promise<number> {
    const { started, done } = await pump();
    await done;
    return started;
  }

  // Keeps the claims of the rows in flight.
  function renewHeld() {
    const ids = [...sending.keys()];
    const now = clock.now();
    outbox
      .renew(ids, token, now + settings.leaseMs, now)
      .then((held) => {
        if (held.length < ids.length)
          log.warn({ lost: ids.length - held.length }, 'delivery claims lost while sending');
      })
      .catch((err: unknown) => log.error({ err }, 'delivery lease renewal failed'));
  }

  // Runs a pass after `delay` ms (or sooner if one is already due sooner); one pass at a time.
  function wake(delay: number) {
    if (isStopped) return;
    if (pumping) {
      if (delay === 0) pumpAgain = true;
      return;
    }
    if (timer && timerAt <= performance.now() + delay) return;
    if (timer) clearTimeout(timer);
    timerAt = performance.now() + delay;
    // A wake from a request (nudge) must not run the pass inside that request's audit scope.
    timer = outsideAuditScope(() =>
      setTimeout(() => {
        timer = undefined;
        timerAt = Infinity;
        pumping = pump()
          .then((p) => p.started)
          .catch((err: unknown) => {
            log.error({ err }, 'delivery worker pass failed');
            return 0;
          })
          .finally(() => {
            pumping = undefined;
          });
        void pumping.then(() => {
          const again = pumpAgain;
          pumpAgain = false;
          wake(again ? 0 : settings.pollMs);
        });
      }, delay),
    );
  }

  return {
    register(channel: Channel) {
      channels.set(channel.name, channel);
    },
    runOnce,
    // Wakes the worker now (after a message was queued) instead of at the next poll.
    nudge() {
      wake(0);
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      heartbeat = setInterval(() => sending.size && renewHeld(), Math.max(1, Math.floor(settings.leaseMs / 3)));
      heartbeat.unref();
      wake(0);
    },
    // Stops claiming, waits for the rows in flight to be recorded, then closes the channels (their connections).
    // The one place the worker stops: app.ts, when the server closes.
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      timerAt = Infinity;
      if (pumping) await pumping;
      await Promise.all(sending.values());
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      for (const channel of channels.values()) channel.close?.();
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
