import { useTranslation } from 'react-i18next';
import { Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Dashboard, MemberCount, PaymentFigures } from '@study-crm/shared';
import { formatMoney } from '../../components/money';
import { useAllMessages } from '../../stores/messageBox';
import { CardGrid, type GridCards } from './CardGrid';
import { KpiCard, type KpiCardProps } from './KpiCard';
import { LIST_PATHS, listUrl } from './links';

const span = { xs: 24, sm: 12, lg: 6 } as const;
// The user centre's own task list (open to every member).
const MY_TASKS = '/user/tasks';

// The currencies with confirmed collections in the period, the largest first (compared in whole units: no rates,
// so only an order to read them in); a currency with none collected is left out.
function collectedFirst(d: Dashboard) {
  const whole = (c: PaymentFigures['currencies'][number]) => c.collectedConfirmedMinor / 10 ** c.digits;
  return (d.payments?.currencies ?? [])
    .filter((c) => c.collectedConfirmedMinor > 0)
    .sort((a, b) => whole(b) - whole(a) || a.currency.localeCompare(b.currency));
}

// The key figures of the period (the ones the dashboard holds), each opening the list behind it when the member may
// open that list.
export function KpiCards({
  d,
  members,
  canOpen,
}: {
  d: Dashboard;
  members?: MemberCount;
  canOpen: (path: string) => boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openMessages = useAllMessages((s) => s.open);
  const period = { dateFrom: d.from, dateTo: d.to };
  const to = (path: string, filters: Record<string, string | number>) =>
    canOpen(path) ? listUrl(path, filters) : undefined;
  const apps = (filters: Record<string, string>) => to(LIST_PATHS.applications, { ...period, ...filters });
  const a = d.applications;
  const statusCount = (s: string) => a?.periodByStatus.find((x) => x.status === s)?.count ?? 0;
  // A link inside a card opens its own list (and not the card's).
  const subLink = (text: string, href: string | undefined, testId: string) =>
    href ? (
      <Typography.Link
        data-testid={testId}
        onClick={(e) => {
          e.stopPropagation();
          navigate(href);
        }}
      >
        {text}
      </Typography.Link>
    ) : (
      text
    );

  const follow = d.followUps;
  const [lead, ...others] = collectedFirst(d);
  const cards: GridCards<KpiCardProps> = [
    a && { testId: 'kpi-new-applications', title: t('home.kpi.newApplications'), value: a.newTotal, to: apps({}) },
    a && {
      testId: 'kpi-offers',
      title: t('home.kpi.offers'),
      value: a.offers,
      detail: (
        <Space size="small">
          {subLink(
            t('home.kpi.offerConditional', { n: statusCount('offer_conditional') }),
            apps({ status: 'offer_conditional' }),
            'kpi-offer-conditional',
          )}
          {subLink(
            t('home.kpi.offerUnconditional', { n: statusCount('offer_unconditional') }),
            apps({ status: 'offer_unconditional' }),
            'kpi-offer-unconditional',
          )}
        </Space>
      ),
    },
    a && {
      testId: 'kpi-enrolled',
      title: t('home.kpi.enrolled'),
      value: a.enrolled,
      detail: t('home.kpi.ofAll', { n: a.enrolledTotal }),
      to: apps({ status: 'enrolled' }),
    },
    d.payments && {
      testId: 'kpi-collected',
      title: t('home.kpi.collected'),
      value: lead
        ? formatMoney(lead.collectedConfirmedMinor, lead.currency, lead.digits)
        : d.payments.currencies[0]
          ? formatMoney(0, d.payments.currencies[0].currency, d.payments.currencies[0].digits)
          : t('home.kpi.noPayments'),
      detail: others.length > 0 && (
        <Space size="small" wrap>
          {others.map((c) => (
            <span key={c.currency}>{formatMoney(c.collectedConfirmedMinor, c.currency, c.digits)}</span>
          ))}
        </Space>
      ),
      to: to(LIST_PATHS.payments, { ...period, type: 'collection', status: 'confirmed' }),
    },
    follow && {
      testId: 'kpi-follow-ups',
      title: t('home.kpi.followRate'),
      value: follow.created ? `${Math.round((follow.createdDone / follow.created) * 100)}%` : '—',
      detail: t('home.kpi.followDetail', {
        created: follow.created,
        done: follow.createdDone,
        doneInPeriod: follow.doneInPeriod,
      }),
    },
    d.emails && {
      testId: 'kpi-emails-failed',
      title: t('home.kpi.emailsFailed'),
      value: d.emails.failed,
      detail: t('home.kpi.emailsDetail', { sent: d.emails.sent, pending: d.emails.pending }),
      to: to(LIST_PATHS.emails, { delivery: 'failed', from: Date.parse(`${d.from}T00:00:00Z`) }),
    },
    d.sms && {
      testId: 'kpi-sms-failed',
      title: t('home.kpi.smsFailed'),
      value: d.sms.failed,
      detail: t('home.kpi.smsDetail', { sent: d.sms.sent, pending: d.sms.pending }),
      to: to(LIST_PATHS.sms, {}),
    },
    {
      testId: 'kpi-todos',
      title: t('home.kpi.todos'),
      value: d.todos.open,
      detail: t('home.kpi.todosDetail', { overdue: d.todos.overdue, dueSoon: d.todos.dueSoon }),
      onOpen: () => openMessages('todo'),
    },
    d.feedback && {
      testId: 'kpi-feedback',
      title: t('home.kpi.feedbackOpen'),
      value: d.feedback.openNow,
      detail: t('home.kpi.feedbackDetail', {
        received: d.feedback.received,
        answered: d.feedback.answered,
        median:
          d.feedback.medianReplyMs === null
            ? '—'
            : t('home.kpi.hours', { n: Math.round((d.feedback.medianReplyMs / 3_600_000) * 10) / 10 }),
      }),
      to: to(LIST_PATHS.feedback, { state: 'open' }),
    },
    {
      testId: 'kpi-tasks',
      title: t('home.kpi.tasks'),
      value: d.tasks.open,
      detail: t('home.kpi.tasksDetail', {
        overdue: d.tasks.overdue,
        done: d.tasks.doneInPeriod,
        points: d.tasks.points,
      }),
      to: MY_TASKS,
    },
    members && {
      testId: 'kpi-members',
      title: t('home.kpi.members'),
      value: members.total,
      detail: t('home.kpi.membersDetail', {
        staff: members.staff,
        students: members.students,
        parents: members.parents,
        recent: members.newLast30Days,
      }),
      to: to(LIST_PATHS.members, {}),
    },
  ];

  return <CardGrid cards={cards} card={KpiCard} col={span} />;
}
