import { z } from 'zod';
import { zInt } from '../wire.js';

// The dashboard (/home/index, issue 21). Member counts are the member module's countMember (spec section 7).
// Figures cover the past `days` days up to today (UTC), 30 at most (spec section 9: the KPI summary covers the
// past 30 days). Each section is null when the caller lacks the permission of the list behind it.

export const DASHBOARD_DAYS_MAX = 30;

// Application statuses (seeded application_status dictionary) that count as an offer and as enrolled.
export const OFFER_STATUSES = ['offer_conditional', 'offer_unconditional'] as const;
export const ENROLLED_STATUSES = ['enrolled'] as const;

export const DashboardQuery = z.object({
  days: zInt()
    .pipe(z.number().min(1).max(DASHBOARD_DAYS_MAX))
    .nullish()
    .describe('length of the period in days, ending today (UTC); 1 to 30, default 30'),
});

const zCount = () => z.number().int().min(0);
const StatusCount = z.object({
  status: z.string().describe('application status (dictionary application_status)'),
  count: zCount(),
});
const DayCount = z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), count: zCount() });

export const ApplicationFiguresSchema = z.object({
  perDay: z.array(DayCount).describe('new applications per application date, every day of the period (zeros kept)'),
  newTotal: zCount().describe('applications dated in the period'),
  byStatus: z.array(StatusCount).describe('every live application by its current status (maintained counters)'),
  periodByStatus: z.array(StatusCount).describe('applications dated in the period by their current status'),
  offers: zCount().describe('applications dated in the period now holding an offer (conditional or unconditional)'),
  offersTotal: zCount().describe('every live application holding an offer'),
  enrolled: zCount().describe('applications dated in the period now enrolled'),
  enrolledTotal: zCount().describe('every live enrolled application'),
});

export const PaymentFiguresSchema = z.object({
  currencies: z
    .array(
      z.object({
        currency: z.string().describe('ISO 4217'),
        digits: z.number().int().describe("the currency's decimals"),
        collectedConfirmedMinor: zCount().describe('confirmed collections, integer minor units'),
        collectedPendingMinor: zCount().describe('collections pending confirmation, integer minor units'),
        refundedConfirmedMinor: zCount().describe('confirmed refunds, integer minor units'),
        refundedPendingMinor: zCount().describe('refunds pending confirmation, integer minor units'),
        count: zCount().describe('records (voided ones left out)'),
      }),
    )
    .describe('payments with a transaction date in the period, per currency (currencies never added together)'),
});

export const FollowUpFiguresSchema = z.object({
  created: zCount().describe('follow-up items created in the period'),
  createdDone: zCount().describe('of those, done now'),
  doneInPeriod: zCount().describe('items marked done in the period (whenever created)'),
});

// Recipients of one channel (e-mail or SMS) queued in the period, by delivery outcome.
export const DeliveryFiguresSchema = z.object({
  sent: zCount().describe('recipients queued in the period and handed to the mail server or SMS gateway'),
  failed: zCount().describe('recipients queued in the period that failed for good'),
  pending: zCount().describe('recipients queued in the period still queued or being sent'),
});
export const EmailFiguresSchema = DeliveryFiguresSchema;

export const TodoFiguresSchema = z.object({
  open: zCount().describe("the caller's to-dos not done"),
  overdue: zCount().describe('open to-dos past their due time'),
  dueSoon: zCount().describe('open to-dos due within the next 7 days'),
  doneInPeriod: zCount().describe('to-dos created in the period and done'),
});

export const TaskFiguresSchema = z.object({
  open: zCount().describe("the caller's tasks to do, in progress or in review"),
  overdue: zCount().describe('open tasks past their due date'),
  dueSoon: zCount().describe('open tasks due within the next 7 days'),
  doneInPeriod: zCount().describe('tasks the caller finished in the period'),
  points: zCount().describe("the caller's contribution points in the period"),
});

export const FeedbackFiguresSchema = z.object({
  received: zCount().describe('feedback received in the period'),
  answered: zCount().describe('of those, answered now'),
  openNow: zCount().describe('feedback waiting for an answer now (all time)'),
  medianReplyMs: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe('median time from a feedback of the period to its first reply, ms; null when none is answered'),
});

export const DashboardSchema = z.object({
  days: z.number().int(),
  from: z.string().describe('first day of the period, YYYY-MM-DD (UTC)'),
  to: z.string().describe('last day of the period (today), YYYY-MM-DD (UTC)'),
  applications: ApplicationFiguresSchema.nullable().describe('null without application:list'),
  payments: PaymentFiguresSchema.nullable().describe('null without payment:list'),
  followUps: FollowUpFiguresSchema.nullable().describe('null without follow:list'),
  emails: DeliveryFiguresSchema.nullable().describe('e-mail recipients; null without email:list'),
  sms: DeliveryFiguresSchema.nullable().describe('SMS recipients; null without sms:list'),
  todos: TodoFiguresSchema.describe("the caller's own to-dos (message box)"),
  tasks: TaskFiguresSchema.describe("the caller's own project tasks and contribution points"),
  feedback: FeedbackFiguresSchema.nullable().describe('null without feedback:list'),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type ApplicationFigures = z.infer<typeof ApplicationFiguresSchema>;
export type PaymentFigures = z.infer<typeof PaymentFiguresSchema>;
export type FollowUpFigures = z.infer<typeof FollowUpFiguresSchema>;
export type DeliveryFigures = z.infer<typeof DeliveryFiguresSchema>;
export type EmailFigures = DeliveryFigures;
export type TodoFigures = z.infer<typeof TodoFiguresSchema>;
export type TaskFigures = z.infer<typeof TaskFiguresSchema>;
export type FeedbackFigures = z.infer<typeof FeedbackFiguresSchema>;
