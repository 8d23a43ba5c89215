import { PERM, type AssistantLink, type Perm } from '@study-crm/shared';
import {
  DEADLINE_DAYS_DEFAULT,
  DEADLINE_DAYS_MAX,
  isDenied,
  type Asker,
  type AssistantData,
  type Denied,
} from './data.js';
import { toHelpCard, type HelpIndex } from './help/help-index.js';
import { formatAmount, isoDay, safePath } from './markdown.js';
import { PHRASES } from './phrases.js';

// A function the language model may call: the same permission-checked reads as the embedded answerer. The model is
// offered only the tools whose permission the member holds, and each tool checks again when it runs.
export type Tool = {
  name: string;
  perm: Perm | null;
  description: string;
  parameters: Record<string, unknown>;
  run: (asker: Asker, args: Record<string, unknown>) => Promise<{ result: unknown; links: AssistantLink[] }>;
};

const noArgs = { type: 'object', properties: {}, additionalProperties: false };
type ToolAnswer = Awaited<ReturnType<Tool['run']>>;
const refused = (perm: Perm) => ({ result: { error: `not permitted: the member lacks ${perm}` }, links: [] });
// A read that checks a permission: refused when denied, else the tool's answer from what was read.
const unlessDenied = <R>(r: R | Denied, answer: (r: R) => ToolAnswer): ToolAnswer =>
  isDenied(r) ? refused(r.perm) : answer(r);

export function createTools(deps: { data: AssistantData; help: HelpIndex }): Tool[] {
  const { data, help } = deps;
  return [
    {
      name: 'applications_by_status',
      perm: PERM.applicationList,
      description:
        'Exact number of live study-abroad applications per status (all statuses, or the given ones). A CAS ' +
        '(Confirmation of Acceptance for Studies) is issued after an unconditional offer, so "waiting for a CAS" ' +
        'means status offer_unconditional. Each row has `path`, the application list filtered by that status.',
      parameters: {
        type: 'object',
        properties: {
          statuses: {
            type: 'array',
            items: { type: 'string' },
            description:
              'status values, e.g. draft, submitted, processing, offer_conditional, offer_unconditional, rejected, withdrawn, enrolled; omit for all',
          },
        },
        additionalProperties: false,
      },
      async run(asker, args) {
        const wanted = Array.isArray(args.statuses)
          ? args.statuses.filter((s): s is string => typeof s === 'string').slice(0, 20)
          : null;
        return unlessDenied(await data.applications(asker, wanted?.length ? wanted : null), (r) => ({
          result: { total: r.total, rows: r.rows, listPath: r.listPath },
          links: r.rows.map((row) => ({
            label: `${PHRASES[asker.locale].link.applications} · ${row.label}`,
            path: row.path,
          })),
        }));
      },
    },
    {
      name: 'upcoming_deadlines',
      perm: null,
      description:
        "The member's own deadlines from today through the next `days` days: due dates of their open to-dos " +
        '(follow-up items become to-dos due on their contract date) and of the open project tasks assigned to them.',
      parameters: {
        type: 'object',
        properties: {
          days: {
            type: 'integer',
            minimum: 1,
            maximum: DEADLINE_DAYS_MAX,
            description: `default ${DEADLINE_DAYS_DEFAULT}`,
          },
        },
        additionalProperties: false,
      },
      async run(asker, args) {
        const days = typeof args.days === 'number' ? args.days : DEADLINE_DAYS_DEFAULT;
        const r = await data.deadlines(asker, days);
        return {
          result: {
            days: r.days,
            from: r.from,
            to: r.to,
            todos: {
              total: r.todos.total,
              first: r.todos.first.map((t) => ({ title: t.title, due: isoDay(t.dueAt), path: safePath(t.link) })),
            },
            tasks: { total: r.tasks.total, first: r.tasks.first, path: r.tasksPath },
          },
          links: [{ label: PHRASES[asker.locale].link.myTasks, path: r.tasksPath }],
        };
      },
    },
    {
      name: 'pending_payments',
      perm: PERM.paymentList,
      description:
        'Payments pending confirmation, all time, per currency (never add currencies together): collections and ' +
        'refunds with their record counts; amounts are decimal strings in the currency.',
      parameters: noArgs,
      async run(asker) {
        return unlessDenied(await data.pendingPayments(asker), (r) => ({
          result: {
            currencies: r.currencies.map((c) => ({
              currency: c.currency,
              collections: formatAmount(c.collectionMinor, c.digits),
              collectionRecords: c.collectionCount,
              refunds: formatAmount(c.refundMinor, c.digits),
              refundRecords: c.refundCount,
              path: c.path,
            })),
            listPath: r.listPath,
          },
          links: [{ label: PHRASES[asker.locale].link.payments, path: r.listPath }],
        }));
      },
    },
    {
      name: 'unanswered_feedback',
      perm: PERM.feedbackList,
      description: 'How many feedback messages wait for an answer, and the oldest of them (sender name, day, path).',
      parameters: noArgs,
      async run(asker) {
        return unlessDenied(await data.unansweredFeedback(asker), (r) => ({
          result: {
            total: r.total,
            oldest: r.oldest.map((f) => ({ name: f.name, received: isoDay(f.createdAt), path: f.path })),
            listPath: r.listPath,
          },
          links: [{ label: PHRASES[asker.locale].link.feedback, path: r.listPath }],
        }));
      },
    },
    {
      name: 'my_tasks',
      perm: null,
      description: "The member's own open project tasks: counts per status, overdue, and the first ones by due date.",
      parameters: noArgs,
      async run(asker) {
        const r = await data.myTasks(asker);
        return {
          result: { open: r.open, byStatus: r.byStatus, overdue: r.overdue, first: r.first, path: r.listPath },
          links: [{ label: PHRASES[asker.locale].link.myTasks, path: r.listPath }],
        };
      },
    },
    {
      name: 'search_help',
      perm: null,
      description:
        'Finds the help cards of the portal screens that explain how to do something ("how do I add a payment ' +
        'record?"). Use it for every how-to question and answer only from the cards; each has the screen `path`.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'the question or its key words' } },
        required: ['query'],
        additionalProperties: false,
      },
      async run(asker, args) {
        const query = typeof args.query === 'string' ? args.query.slice(0, 500) : '';
        const hits = help.search(query, (c) => c.perm === null || asker.perms.has(c.perm), 3);
        const cards = hits.map((h) => toHelpCard(h.card, asker.locale));
        return { result: { cards }, links: cards.map((c) => ({ label: c.title, path: c.path })) };
      },
    },
  ];
}

// The tools a member may be offered.
export const toolsFor = (tools: readonly Tool[], asker: Asker) =>
  tools.filter((t) => t.perm === null || asker.perms.has(t.perm));
