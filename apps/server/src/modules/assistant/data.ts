import { APPLICATION_DICT, PERM, type Locale, type Perm } from '@study-crm/shared';
import type { ApplicationReport } from '../application/index.js';
import type { DictRepository } from '../dict/index.js';
import type { FeedbackReport } from '../feedback/index.js';
import type { InboxReport } from '../inbox/index.js';
import type { PaymentReport } from '../payment/index.js';
import type { TaskReport } from '../task/index.js';
import { statusNamer, type StatusEntry } from './vocabulary.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const DEADLINE_DAYS_DEFAULT = 7;
export const DEADLINE_DAYS_MAX = 90;
// How many rows an answer lists (the counts are always exact).
const LIST_MAX = 8;
const TASK_OPEN_ORDER = ['todo', 'doing', 'review'] as const;
type TaskList = Awaited<ReturnType<TaskReport['dueBetween']>>;
type TaskSummary = Awaited<ReturnType<TaskReport['mine']>>;
const NO_TASKS: TaskList = { total: 0, first: [] };
const NO_TASK_SUMMARY: TaskSummary = { byStatus: [], overdue: 0, first: [] };

// The portal's routes the answers link to (server menu: group path + component key; user-centre routes).
export const ROUTES = {
  applications: '/applicationManage/applicationList',
  payments: '/transactionsManage/transactions',
  feedback: '/feedbackManage/feedback',
  myTasks: '/user/tasks',
} as const;

// A list's address with its filters in the web list kit's URL state (`f.<name>`).
export function listPath(path: string, filters: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) params.set(`f.${k}`, String(v));
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

// Who is asking. Every read below checks the member's permission itself (the same ids the lists use), so neither
// answerer can give a figure from a list the member could not open. isTwoFactorPending: a role of theirs requires
// two-factor sign-in that is not set up; their permissions are empty then, and their own tasks are not theirs to
// see either (decision 335, as /task/mine answers empty): the task reads answer none (their to-dos stay).
export type Asker = {
  memberId: number;
  perms: ReadonlySet<string>;
  isTwoFactorPending: boolean;
  locale: Locale;
  now: number;
};

export type Denied = { denied: true; perm: Perm };
const denied = (perm: Perm): Denied => ({ denied: true, perm });
export const isDenied = (v: unknown): v is Denied => typeof v === 'object' && v !== null && 'denied' in v;

export type AssistantDataDeps = {
  applications: Pick<ApplicationReport, 'statusCounts'>;
  payments: Pick<PaymentReport, 'pendingTotals'>;
  feedback: Pick<FeedbackReport, 'waiting'>;
  tasks: Pick<TaskReport, 'mine' | 'dueBetween'>;
  inbox: Pick<InboxReport, 'dueTodos'>;
  dict: Pick<DictRepository, 'options'>;
};

// The figures XiaoK answers with, each read through its owning module's front door (report repositories); the
// embedded answerer words them, the model gets them as tool results.
export function createAssistantData(deps: AssistantDataDeps) {
  const may = (asker: Asker, perm: Perm) => asker.perms.has(perm);
  const statusEntries = (): Promise<StatusEntry[]> => deps.dict.options(APPLICATION_DICT.status);

  return {
    statusEntries,

    // Live applications per status (maintained counters), optionally only some statuses; names in the caller's
    // language and a link to the list filtered by each status.
    async applications(asker: Asker, only: readonly string[] | null) {
      if (!may(asker, PERM.applicationList)) return denied(PERM.applicationList);
      const [counts, entries] = await Promise.all([deps.applications.statusCounts(), statusEntries()]);
      const name = await statusNamer(entries, asker.locale);
      const byStatus = new Map(counts.map((c) => [c.status, c.count]));
      // Dictionary order, then statuses the dictionary no longer lists.
      const order = [
        ...entries.map((e) => e.value),
        ...counts.map((c) => c.status).filter((s) => !entries.some((e) => e.value === s)),
      ];
      const wanted = only ?? order.filter((s) => (byStatus.get(s) ?? 0) > 0);
      const rows = wanted.map((status) => ({
        status,
        label: name(status),
        count: byStatus.get(status) ?? 0,
        path: listPath(ROUTES.applications, { status }),
      }));
      return {
        total: only ? rows.reduce((s, r) => s + r.count, 0) : counts.reduce((s, c) => s + c.count, 0),
        rows,
        listPath: ROUTES.applications,
      };
    },

    // Deadlines: the due dates of the caller's own open to-dos (follow-up items reach their teacher as to-dos due
    // on the contract date; feedback to-dos have none) and open project tasks, from today through `days` days on.
    async deadlines(asker: Asker, days: number) {
      const n = Math.min(Math.max(Math.trunc(days) || DEADLINE_DAYS_DEFAULT, 1), DEADLINE_DAYS_MAX);
      const today = Math.floor(asker.now / DAY) * DAY;
      const last = today + n * DAY;
      const [todos, tasks] = await Promise.all([
        deps.inbox.dueTodos(asker.memberId, asker.now, last + DAY, LIST_MAX),
        asker.isTwoFactorPending
          ? NO_TASKS
          : deps.tasks.dueBetween(asker.memberId, isoDay(today), isoDay(last), LIST_MAX),
      ]);
      return { days: n, from: isoDay(today), to: isoDay(last), todos, tasks, tasksPath: ROUTES.myTasks };
    },

    // Payments pending confirmation, per currency (never added together), all time.
    async pendingPayments(asker: Asker) {
      if (!may(asker, PERM.paymentList)) return denied(PERM.paymentList);
      const currencies = (await deps.payments.pendingTotals()).map((c) =>
        Object.assign(c, { path: listPath(ROUTES.payments, { status: 'pending', currency: c.currency }) }),
      );
      return { currencies, listPath: listPath(ROUTES.payments, { status: 'pending' }) };
    },

    // Feedback waiting for an answer, the oldest first.
    async unansweredFeedback(asker: Asker) {
      if (!may(asker, PERM.feedbackList)) return denied(PERM.feedbackList);
      const w = await deps.feedback.waiting(LIST_MAX);
      return {
        total: w.total,
        oldest: w.oldest.map((f) => Object.assign(f, { path: `${ROUTES.feedback}?id=${f.id}` })),
        listPath: listPath(ROUTES.feedback, { state: 'open' }),
      };
    },

    // The caller's own open tasks (theirs to see, unless their second factor is pending: then none).
    async myTasks(asker: Asker) {
      const mine = asker.isTwoFactorPending
        ? NO_TASK_SUMMARY
        : await deps.tasks.mine(asker.memberId, isoDay(asker.now), LIST_MAX);
      // In the order of the board's columns.
      const byStatus = TASK_OPEN_ORDER.flatMap((status) => mine.byStatus.filter((r) => r.status === status));
      return { ...mine, byStatus, open: byStatus.reduce((s, r) => s + r.count, 0), listPath: ROUTES.myTasks };
    },
  };
}
export type AssistantData = ReturnType<typeof createAssistantData>;
