// Front door of the payment module: payment records, their attachments, totals and the append-only operation log.
export { createPaymentRepository } from './payment.repository.js';
export { searchKey as paymentSearchKey } from './payment.repository.js';
export type { PaymentRepository } from './payment.repository.js';
export { registerPaymentRoutes } from './payment.routes.js';
export { createPaymentService } from './payment.service.js';
export type { PaymentService } from './payment.service.js';
// Its list's export (issue 39).
export { paymentExporter } from './payment.export.js';
export { trackExporter } from './track.export.js';
export { createPaymentReport } from './payment-report.repository.js';
export type { PaymentReport, PendingTotals } from './payment-report.repository.js';
export { createPaymentSearch } from './payment-search.repository.js';
export { createPaymentTimeline } from './payment-timeline.repository.js';
// Its part of a person's data (issue 41): the reader for the subject access export and its share of erasing it
// (db/personal-data.ts), in one file.
export { createPaymentPersonalData, paymentPersonalData } from './personal-data.repository.js';
