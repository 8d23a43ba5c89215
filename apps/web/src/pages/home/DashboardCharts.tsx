import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DICT_TYPES, type Dashboard } from '@study-crm/shared';
import { dictText, useDictOptions } from '../../components/dict/useDictOptions';
import { useSettings } from '../../stores/settings';
import { formatMoney } from '../../components/money';
import { CardGrid, type GridCards } from './CardGrid';
import { ChartCard, type ChartCardProps } from './ChartCard';
import {
  byStatusOption,
  DELIVERY_PARTS,
  deliveryOption,
  followUpOption,
  PAYMENT_PARTS,
  paymentOption,
  perDayOption,
} from './charts';
import { LIST_PATHS, listUrl } from './links';

const half = { xs: 24, lg: 12 } as const;

// The dashboard's charts; a click on a bar or slice opens the list behind it, filtered to that item.
export function DashboardCharts({ d, canOpen }: { d: Dashboard; canOpen: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const statuses = useDictOptions(DICT_TYPES.applicationStatus);
  const colorWeak = useSettings((s) => s.colorWeak);
  const label = useMemo(() => {
    const byValue = new Map(statuses.options.map((o) => [o.value, dictText(o, i18n.language)]));
    return (s: string) => byValue.get(s) ?? s;
  }, [statuses.options, i18n.language]);
  const colorOf = useMemo(() => {
    if (colorWeak) return undefined;
    const byValue = new Map(statuses.options.map((o) => [o.value, o.color ?? undefined]));
    return (s: string) => byValue.get(s);
  }, [statuses.options, colorWeak]);
  const open = (path: string, filters: Record<string, string | number>) =>
    canOpen(path) ? () => navigate(listUrl(path, filters)) : undefined;
  const a = d.applications;
  const period = { dateFrom: d.from, dateTo: d.to };

  const options = useMemo(
    () => ({
      perDay: a && perDayOption(a, t),
      byStatus: a && byStatusOption(a, label, t, colorOf),
      followUps: d.followUps && followUpOption(d.followUps, t),
      emails: d.emails && deliveryOption(d.emails, t),
      sms: d.sms && deliveryOption(d.sms, t),
      payments: (d.payments?.currencies ?? []).map((c) => ({
        c,
        option: paymentOption(c, (minor) => formatMoney(minor, c.currency, c.digits), t),
      })),
    }),
    [a, d.followUps, d.emails, d.sms, d.payments, label, colorOf, t],
  );

  const clickable = (path: string, pick: (i: number) => Record<string, string | number> | undefined) =>
    canOpen(path)
      ? ({ dataIndex }: { dataIndex: number }) => {
          const filters = pick(dataIndex);
          if (filters) open(path, filters)?.();
        }
      : undefined;

  const charts: GridCards<ChartCardProps> = [
    a &&
      options.perDay && {
        testId: 'chart-per-day',
        title: t('home.chart.perDay'),
        option: options.perDay,
        isEmpty: a.newTotal === 0,
        onItemClick: clickable(LIST_PATHS.applications, (i) => {
          const day = a.perDay[i]?.date;
          return day ? { dateFrom: day, dateTo: day } : undefined;
        }),
      },
    a &&
      options.byStatus && {
        testId: 'chart-by-status',
        title: t('home.chart.byStatus'),
        option: options.byStatus,
        isEmpty: a.byStatus.length === 0,
        onItemClick: clickable(LIST_PATHS.applications, (i) => {
          const status = a.byStatus[i]?.status;
          return status ? { status } : undefined;
        }),
      },
    d.payments &&
      options.payments.length === 0 && {
        testId: 'chart-payments',
        title: t('home.chart.payments', { currency: '—' }),
        option: {},
        isEmpty: true,
      },
    ...options.payments.map(({ c, option }) => ({
      testId: `chart-payments-${c.currency}`,
      title: t('home.chart.payments', { currency: c.currency }),
      option,
      isEmpty: false,
      onItemClick: clickable(LIST_PATHS.payments, (i) => {
        const part = PAYMENT_PARTS[i];
        return part ? { ...period, currency: c.currency, type: part[1], status: part[2] } : undefined;
      }),
    })),
    d.followUps &&
      options.followUps && {
        testId: 'chart-follow-ups',
        title: t('home.chart.followUps'),
        option: options.followUps,
        isEmpty: d.followUps.created === 0,
      },
    d.emails &&
      options.emails && {
        testId: 'chart-emails',
        title: t('home.chart.emails'),
        option: options.emails,
        isEmpty: d.emails.sent + d.emails.failed + d.emails.pending === 0,
        onItemClick: clickable(LIST_PATHS.emails, (i) => {
          const part = DELIVERY_PARTS[i];
          if (!part) return undefined;
          return { delivery: part === 'pending' ? 'queued' : part, from: Date.parse(`${d.from}T00:00:00Z`) };
        }),
      },
    d.sms &&
      options.sms && {
        testId: 'chart-sms',
        title: t('home.chart.sms'),
        option: options.sms,
        isEmpty: d.sms.sent + d.sms.failed + d.sms.pending === 0,
        onItemClick: clickable(LIST_PATHS.sms, () => ({})),
      },
  ];

  return <CardGrid cards={charts} card={ChartCard} col={half} style={{ marginTop: 16 }} />;
}
