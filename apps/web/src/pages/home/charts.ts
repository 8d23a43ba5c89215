import type { TFunction } from 'i18next';
import type { ApplicationFigures, DeliveryFigures, FollowUpFigures, PaymentFigures } from '@study-crm/shared';
import type { ChartOption } from '../../components/charts/EChart';

// Option builders of the dashboard's charts: data in, ECharts option out (no state, no fetching).

type Slice = { name: string; value: number; itemStyle?: { color: string } };
const pie = (data: Slice[], t: TFunction): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0, type: 'scroll' },
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      center: ['50%', '45%'],
      avoidLabelOverlap: true,
      label: { formatter: '{b}: {c}' },
      data,
      name: t('home.openList'),
    },
  ],
});

export function perDayOption(a: ApplicationFigures, t: TFunction): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: a.perDay.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: t('home.chart.applications'), data: a.perDay.map((d) => d.count) }],
  };
}

// Slices in the dictionary's colour of each status when it has one (not in colour-weak mode: `colorOf` is then
// undefined and the chart's colour-weak palette applies).
export function byStatusOption(
  a: ApplicationFigures,
  label: (status: string) => string,
  t: TFunction,
  colorOf?: (status: string) => string | undefined,
): ChartOption {
  return pie(
    a.byStatus.map((s) => {
      const color = colorOf?.(s.status);
      return { name: label(s.status), value: s.count, ...(color ? { itemStyle: { color } } : {}) };
    }),
    t,
  );
}

export const PAYMENT_PARTS = [
  ['collectedConfirmedMinor', 'collection', 'confirmed', 'collectedConfirmed'],
  ['collectedPendingMinor', 'collection', 'pending', 'collectedPending'],
  ['refundedConfirmedMinor', 'refund', 'confirmed', 'refundedConfirmed'],
  ['refundedPendingMinor', 'refund', 'pending', 'refundedPending'],
] as const;

// One currency's four sums as bars (currencies never share an axis: they are not added or compared).
export function paymentOption(
  c: PaymentFigures['currencies'][number],
  format: (minor: number) => string,
  t: TFunction,
): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v) => format(Number(v) * 10 ** c.digits) },
    grid: { left: 130, right: 24, top: 16, bottom: 24 },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => String(v) } },
    yAxis: { type: 'category', inverse: true, data: PAYMENT_PARTS.map((p) => t(`home.chart.${p[3]}`)) },
    series: [
      {
        type: 'bar',
        name: c.currency,
        data: PAYMENT_PARTS.map((p) => c[p[0]] / 10 ** c.digits),
        colorBy: 'data',
      },
    ],
  };
}

export function followUpOption(f: FollowUpFigures, t: TFunction): ChartOption {
  return pie(
    [
      { name: t('home.chart.done'), value: f.createdDone },
      { name: t('home.chart.notDone'), value: f.created - f.createdDone },
    ],
    t,
  );
}

export const DELIVERY_PARTS = ['sent', 'failed', 'pending'] as const;

// Recipients of one channel (e-mail or SMS) by delivery outcome.
export function deliveryOption(e: DeliveryFigures, t: TFunction): ChartOption {
  return pie(
    DELIVERY_PARTS.map((k) => ({ name: t(`home.chart.${k}`), value: e[k] })),
    t,
  );
}
