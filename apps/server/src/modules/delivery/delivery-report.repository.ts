import type { Db } from '../../db/database.js';
import { compileOnce } from '../../db/compiled.js';
import type { ChannelName, DeliveryStatus } from './delivery.types.js';

// Recipients queued on a channel since an instant, by delivery status (dashboard, issue 21), read from
// delivery_outbox_channel_created_ix. The outbox is the one record of what was really sent.
export function createDeliveryReport(db: Db) {
  // Built and compiled once (issue 43); the channel and the instant are slots.
  const counts = compileOnce(db, ['channel', 'since'], (s) =>
    db
      .selectFrom('deliveryOutbox')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('channel', '=', s.channel)
      .where('createdAt', '>=', s.since)
      .groupBy('status'),
  );
  return {
    async byStatus(channel: ChannelName, since: number): Promise<Record<DeliveryStatus, number>> {
      const { rows } = await counts({ channel, since });
      const out: Record<DeliveryStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 };
      for (const r of rows) if (r.status in out) out[r.status as DeliveryStatus] = Number(r.n);
      return out;
    },
  };
}
export type DeliveryReport = ReturnType<typeof createDeliveryReport>;
