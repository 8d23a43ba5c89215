import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Dashboard, PaymentFigures } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { formatMoney } from '../../components/money';
import { home } from './locale';
import { KpiCards } from './KpiCards';

type Currency = PaymentFigures['currencies'][number];
const currency = (code: string, digits: number, collectedConfirmedMinor: number): Currency => ({
  currency: code,
  digits,
  collectedConfirmedMinor,
  collectedPendingMinor: 5000,
  refundedConfirmedMinor: 0,
  refundedPendingMinor: 0,
  count: 3,
});
const dashboard = (currencies: Currency[]): Dashboard => ({
  days: 30,
  from: '2026-11-08',
  to: '2026-12-07',
  applications: null,
  payments: { currencies },
  followUps: null,
  emails: null,
  sms: null,
  todos: { open: 0, overdue: 0, dueSoon: 0, doneInPeriod: 0 },
  tasks: { open: 0, overdue: 0, dueSoon: 0, doneInPeriod: 0, points: 0 },
  feedback: null,
});
const collected = (currencies: Currency[]) => {
  render(
    <MemoryRouter>
      <KpiCards d={dashboard(currencies)} canOpen={() => false} />
    </MemoryRouter>,
  );
  const card = screen.getByTestId('kpi-collected');
  return {
    value: card.querySelector('.ant-statistic-content')?.textContent,
    detail: card.querySelector('.ant-typography')?.textContent ?? '',
  };
};

afterEach(cleanup);

describe('the dashboard’s collected figure', () => {
  inEnglish(home);

  it('leads with the currency with the largest confirmed total, leaving out those with none', () => {
    // Currencies come in code order: CNY has nothing confirmed, GBP the most.
    const { value, detail } = collected([
      currency('CNY', 2, 0),
      currency('EUR', 2, 12_000),
      currency('GBP', 2, 150_000),
    ]);
    expect(value).toBe(formatMoney(150_000, 'GBP', 2));
    expect(detail).toBe(formatMoney(12_000, 'EUR', 2));
    expect(detail).not.toContain('CN');
  });

  it('compares whole units, so a currency without decimals does not lead by its minor units', () => {
    const { value, detail } = collected([currency('GBP', 2, 200_000), currency('JPY', 0, 1_500)]);
    expect(value).toBe(formatMoney(200_000, 'GBP', 2));
    expect(detail).toBe(formatMoney(1_500, 'JPY', 0));
  });

  it('shows nothing collected when no currency has a confirmed total, and no payments when there are none', () => {
    expect(collected([currency('CNY', 2, 0)])).toEqual({ value: formatMoney(0, 'CNY', 2), detail: '' });
    cleanup();
    expect(collected([]).value).toBe('No payments');
  });
});
