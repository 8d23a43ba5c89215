import { describe, expect, it } from 'vitest';
import type { Conn } from '../../db/transaction.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import type { MailRepository } from './mail.repository.js';
import { createRecordCopies } from './record-copy.js';
import { senderLane } from './smtp.js';

// Decision 364: a notice's e-mail copy goes on its mail server's lane, not a third lane of the default 'email'.
describe('record copies', () => {
  it('queues the copy of a record on the lane of the mail server it is sent through', async () => {
    const lanes: (string | undefined)[] = [];
    const repo = {
      firstSender: () => Promise.resolve({ id: 7 }),
      insertEmail: () => Promise.resolve(42),
    } as unknown as MailRepository;
    const outbox = {
      enqueue: (...args: Parameters<OutboxRepository['enqueue']>) => {
        lanes.push(args[6]);
        return Promise.resolve();
      },
    } as unknown as OutboxRepository;
    const worker = { nudge: () => undefined } as Pick<DeliveryWorker, 'nudge'>;
    const copies = createRecordCopies({ repo, outbox, worker, clock: { now: () => 1000 } as never });
    const copy = { source: 'notice', sourceId: 1, subject: 'S', text: 'T', to: ['a@example.com'] };
    expect(await copies.queue({} as Conn, copy, null)).toBe(42);
    expect(lanes).toEqual([senderLane(7)]);
  });
});
