import { DASHBOARD_DAYS_MAX, PERM, type Dashboard, type TaskFigures } from '@study-crm/shared';
import type { Caller } from '../../http/context.js';
import type { Clock } from '../../lib/clock.js';
import type { ApplicationReport } from '../application/index.js';
import type { DeliveryReport } from '../delivery/index.js';
import type { FeedbackReport } from '../feedback/index.js';
import type { FollowUpReport } from '../follow-up/index.js';
import type { InboxReport } from '../inbox/index.js';
import type { PaymentReport } from '../payment/index.js';
import type { TaskReport } from '../task/index.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const NO_TASKS: TaskFigures = { open: 0, overdue: 0, dueSoon: 0, doneInPeriod: 0, points: 0 };

export type DashboardDeps = {
  applications: ApplicationReport;
  payments: PaymentReport;
  followUps: FollowUpReport;
  deliveries: DeliveryReport;
  inbox: InboxReport;
  tasks: TaskReport;
  feedback: FeedbackReport;
  clock: Clock;
};

// The period: `days` calendar days (UTC) ending today, as dates and as the first instant.
export function periodOf(now: number, days: number) {
  const today = Math.floor(now / DAY) * DAY;
  const since = today - (days - 1) * DAY;
  const list = Array.from({ length: days }, (_, i) => isoDay(since + i * DAY));
  return { since, from: isoDay(since), to: isoDay(today), days: list };
}

// The dashboard's figures: each module's through its front door, each section only for a member holding the
// permission of the list behind it (null otherwise), read in parallel. The caller's own to-dos and tasks are theirs,
// but a member whose required second factor is pending sees none of their tasks (zeros; decision 335).
export function createDashboardService(deps: DashboardDeps) {
  const { clock } = deps;
  return {
    async dashboard(caller: Caller, days?: number | null): Promise<Dashboard> {
      const { id: memberId, perms } = caller;
      const n = days ?? DASHBOARD_DAYS_MAX;
      const now = clock.now();
      const p = periodOf(now, n);
      const when = <T>(perm: string, read: () => Promise<T>): Promise<T | null> =>
        perms.has(perm) ? read() : Promise.resolve(null);
      const delivered = async (channel: 'email' | 'sms') => {
        const s = await deps.deliveries.byStatus(channel, p.since);
        return { sent: s.sent, failed: s.failed, pending: s.queued + s.sending };
      };
      const [applications, payments, followUps, emails, sms, todos, tasks, feedback] = await Promise.all([
        when(PERM.applicationList, () => deps.applications.figures(p.from, p.to, p.days)),
        when(PERM.paymentList, () => deps.payments.figures(p.from, p.to)),
        when(PERM.followList, () => deps.followUps.figures(p.since)),
        when(PERM.emailList, () => delivered('email')),
        when(PERM.smsList, () => delivered('sms')),
        deps.inbox.todoFigures(memberId, p.since, now),
        caller.isTwoFactorPending ? NO_TASKS : deps.tasks.figures(memberId, p.since, now),
        when(PERM.feedbackList, () => deps.feedback.figures(p.since)),
      ]);
      return {
        days: n,
        from: p.from,
        to: p.to,
        applications,
        payments,
        followUps,
        emails,
        sms,
        todos,
        tasks,
        feedback,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
