import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { DeliveryError, type Channel, type ChannelName, type DeliveryItem } from './delivery.types.js';
import type { OutboxRepository, OutboxRow } from './outbox.repository.js';

// The worker's part of the delivery settings (DELIVERY_* in config.ts).
export type WorkerSettings = Omit<Config['delivery'], 'isWorkerOn'>;

// Exponential backoff with jitter: base·2^(attempt-1), capped, then a random point in its upper half.
export function backoffDelay(
  attempt: number,
  s: Pick<WorkerSettings, 'backoffMs' | 'backoffMaxMs'>,
  random = Math.random,
) {
  const full = Math.min(s.backoffMaxMs, s.backoffMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

// Claims due outbox rows, hands each to its channel, records the outcome. Several workers (in one or many
// processes) may run against one database: a row is claimed by one of them at a time.
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;

  async function deliver(row: OutboxRow, token: string): Promise<void> {
    const channel = channels.get(row.channel as ChannelName);
    const item: DeliveryItem = {
      id: row.id,
      channel: row.channel as ChannelName,
      messageId: row.messageId,
      recipient: row.recipient,
      attempts: row.attempts,
    };
    try {
      if (!channel) throw new DeliveryError(`no channel ${row.channel}`, true, 'NO_CHANNEL');
      const result = await channel.send(item);
      await outbox.markSent(row.id, result.providerMessageId, clock.now());
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
    }
  }

  // One pass: claim a batch and deliver it. Returns how many rows were handled.
  async function runOnce(): Promise<number> {
    const token = randomBytes(12).toString('base64url');
    const rows = await outbox.claim(clock.now(), settings.batch, settings.leaseMs, token, [...channels.keys()]);
    await Promise.all(rows.map((row) => deliver(row, token)));
    return rows.length;
  }

  function schedule(delay: number) {
    if (isStopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = runOnce()
        .catch((err: unknown) => {
          log.error({ err }, 'delivery worker pass failed');
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
      // A full batch means more may be waiting: go again at once.
      void running.then((n) => schedule(n >= settings.batch ? 0 : settings.pollMs));
    }, delay);
  }

  return {
    register(channel: Channel) {
      channels.set(channel.name, channel);
    },
    runOnce,
    // Wakes the worker now (after a message was queued) instead of at the next poll.
    nudge() {
      if (isStopped || running || !timer) return;
      clearTimeout(timer);
      schedule(0);
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule(0);
    },
    // Stops polling and waits for the pass in progress; its claims are recorded or left to expire.
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (running) await running;
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
