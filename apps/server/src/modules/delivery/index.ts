// Front door of the delivery module: the outbox every channel writes to and the worker that empties it.
import type { DeliveryWorker } from './delivery.worker.js';

export {
  createOutboxRepository,
  type OutboxRecipient,
  type OutboxRepository,
  type OutboxRow,
} from './outbox.repository.js';
export { createDeliveryReport, type DeliveryReport } from './delivery-report.repository.js';
export { createDeliveryWorker, backoffDelay, type DeliveryWorker, type WorkerSettings } from './delivery.worker.js';
export {
  DeliveryError,
  type Channel,
  type ChannelName,
  type DeliveryItem,
  type DeliveryStatus,
  type SendResult,
} from './delivery.types.js';

declare module 'fastify' {
  // The app's delivery worker: started after ready (unless DELIVERY_WORKER=off), stopped on close.
  interface FastifyInstance {
    delivery: DeliveryWorker;
  }
}
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createDeliveryPersonalData, deliveryPersonalData } from './personal-data.repository.js';
