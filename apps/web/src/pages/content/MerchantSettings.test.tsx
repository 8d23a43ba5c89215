import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Merchant } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { resetFeedbackForTests } from '../../lib/feedback';
import { okResponse as ok } from '../../test/responses';
import { acceptingFeedback, appQueryClient, serveCalls } from '../../test/screenCalls';
import { content } from './locale';
import MerchantSettings from './MerchantSettings';

const M = '/api/v1/merchants';
const merchant = (v: Partial<Merchant>): Merchant => ({
  code: 'COM',
  nameTw: '甲公司',
  nameCn: '甲公司',
  nameEn: 'Alpha',
  // An address outside the API is shown as it is (no image download).
  logo: 'https://example.com/logo.png',
  contactEmail: 'office@example.com',
  version: 1,
  updatedAt: 0,
  ...v,
});

// As the app: a confirm dialog is accepted at once, toasts are not shown, a write refreshes what it touches.
function show() {
  acceptingFeedback();
  const qc = appQueryClient();
  render(
    <QueryClientProvider client={qc}>
      <MerchantSettings />
    </QueryClientProvider>,
  );
  return qc;
}

// The names by their test ids, the e-mail by its form item's id.
const field = (name: string) =>
  (name === 'contactEmail'
    ? document.getElementById(name)
    : screen.getByTestId(`merchant-f-${name}`)) as HTMLInputElement;
const viewsRead = (calls: { path: string }[]) => calls.filter((c) => c.path === `${M}/`).length;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetFeedbackForTests();
});

describe('merchant settings', { timeout: 30_000 }, () => {
  inEnglish(content);

  it('keeps typed names through a logo removal, and saves them over it', async () => {
    const answers: Record<string, () => Response> = {
      [`${M}/`]: () => ok(merchant({})),
      [`${M}/logo/remove`]: () => ok(merchant({ logo: null, version: 2 })),
      [`${M}/update`]: () => ok(merchant({ logo: null, nameEn: 'Alpha Education', version: 3 })),
    };
    const calls = serveCalls(answers);
    show();
    await waitFor(() => expect(field('nameEn').value).toBe('Alpha'));
    fireEvent.change(field('nameEn'), { target: { value: 'Alpha Education' } });

    answers[`${M}/`] = () => ok(merchant({ logo: null, version: 2 }));
    fireEvent.click(screen.getByTestId('merchant-logo-remove'));
    await waitFor(() => expect(screen.queryByTestId('merchant-logo-remove')).toBeNull());
    expect(field('nameEn').value).toBe('Alpha Education');

    fireEvent.click(screen.getByTestId('merchant-save'));
    await waitFor(() => expect(calls.some((c) => c.path === `${M}/update`)).toBe(true));
    const sent = calls.find((c) => c.path === `${M}/update`)!.body;
    // The logo change was one's own: the save goes over it.
    expect([sent.get('nameEn'), sent.get('contactEmail'), sent.get('version')]).toEqual([
      'Alpha Education',
      'office@example.com',
      '2',
    ]);
  });

  it('keeps typed names when the record is read again after a save elsewhere, and saves from the version it was filled from', async () => {
    const answers: Record<string, () => Response> = {
      [`${M}/`]: () => ok(merchant({})),
      [`${M}/update`]: () => ok(merchant({ version: 9 })),
    };
    const calls = serveCalls(answers);
    const qc = show();
    await waitFor(() => expect(field('contactEmail').value).toBe('office@example.com'));
    fireEvent.change(field('contactEmail'), { target: { value: 'hello@example.com' } });

    answers[`${M}/`] = () => ok(merchant({ nameEn: 'Saved elsewhere', version: 2 }));
    const before = viewsRead(calls);
    await act(() => qc.invalidateQueries({ queryKey: ['merchant'] }));
    await waitFor(() => expect(viewsRead(calls)).toBeGreaterThan(before));
    expect(field('contactEmail').value).toBe('hello@example.com');

    // Someone saves again before this save's answer comes; the record read after it is the newer one.
    answers[`${M}/`] = () => ok(merchant({ nameEn: 'Later name', version: 10 }));
    fireEvent.click(screen.getByTestId('merchant-save'));
    await waitFor(() => expect(calls.some((c) => c.path === `${M}/update`)).toBe(true));
    const sent = calls.find((c) => c.path === `${M}/update`)!.body;
    // The server refuses it as a stale copy (409) rather than overwrite the other save.
    expect([sent.get('contactEmail'), sent.get('version')]).toEqual(['hello@example.com', '1']);

    // Saved, the form holds no edits: it shows the newer of the saved and the read record, and the next reading.
    await waitFor(() => expect(field('nameEn').value).toBe('Later name'));
    answers[`${M}/`] = () => ok(merchant({ nameEn: 'Latest name', version: 11 }));
    await act(() => qc.invalidateQueries({ queryKey: ['merchant'] }));
    await waitFor(() => expect(field('nameEn').value).toBe('Latest name'));
  });
});
