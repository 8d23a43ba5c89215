import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PERM } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { bindFeedback, resetFeedbackForTests, type FeedbackApi } from '../../lib/feedback';
import { useSession } from '../../stores/session';
import { okResponse as ok } from '../../test/responses';
import { acceptingFeedback, serveCalls } from '../../test/screenCalls';
import { payment } from './locale';
import { PaymentList } from './PaymentList';
import { paymentRow } from './testRecords';

const PAY = '/api/v1/mc/paymentRecord';
const row = paymentRow;
const ROWS = [row(1, 'First', 4), row(2, 'Second', 7)];

// The calls the screen makes, by path, with the bodies of its writes; `answer` overrides a path's answer.
const serve = (answer: Record<string, () => Response> = {}) =>
  serveCalls(answer, (path) => {
    if (path === `${PAY}/list`) return ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20, nextCursor: null });
    if (path === `${PAY}/countAmount`) return ok({ currencies: [] });
    return ok([]);
  });

function renderList() {
  useSession.setState({
    mid: '1',
    serverPerm: [PERM.paymentList, PERM.paymentUpdate, PERM.paymentConfirm, PERM.paymentVoid],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PaymentList title="Transactions" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetFeedbackForTests();
  useSession.setState({ mid: null, serverPerm: [] });
});

// The first render of the table, its filters and a dialog takes seconds on a loaded machine.
describe('the payment list', { timeout: 30_000 }, () => {
  inEnglish(payment);

  it('opens each record’s void dialog with an empty reason, after a cancelled one or another record’s', async () => {
    serve();
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('pay-row-void')).toHaveLength(2));
    const reason = () => screen.getAllByTestId('pay-void-reason').at(-1) as HTMLTextAreaElement;

    fireEvent.click(screen.getAllByTestId('pay-row-void')[0]!);
    fireEvent.change(reason(), { target: { value: 'typed for the first' } });
    expect(reason().value).toBe('typed for the first');
    fireEvent.click(document.querySelector('.ant-modal-close')!);

    fireEvent.click(screen.getAllByTestId('pay-row-void')[1]!);
    await waitFor(() => expect(screen.getAllByText('Second').length).toBeGreaterThan(1));
    expect(reason().value).toBe('');
    expect(screen.getAllByTestId('pay-void-ok').at(-1)!.hasAttribute('disabled')).toBe(true);
  });

  it('sends one void however often OK is clicked while it is on its way', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = serve();
    const success = vi.fn();
    bindFeedback({ message: { success, error: vi.fn(), info: vi.fn() } } as unknown as FeedbackApi);
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      calls.push({ path, body: new URLSearchParams(typeof init?.body === 'string' ? init.body : '') });
      if (path === `${PAY}/void`) return new Promise<Response>((resolve) => (answer = resolve));
      if (path === `${PAY}/list`) return ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20, nextCursor: null });
      if (path === `${PAY}/countAmount`) return ok({ currencies: [] });
      return ok([]);
    });
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('pay-row-void')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('pay-row-void')[0]!);
    fireEvent.change(screen.getAllByTestId('pay-void-reason').at(-1)!, { target: { value: 'duplicate entry' } });
    const okButton = () => screen.getAllByTestId('pay-void-ok').at(-1)!;
    fireEvent.click(okButton());
    await waitFor(() => expect(calls.filter((c) => c.path === `${PAY}/void`)).toHaveLength(1));
    await waitFor(() => expect(okButton().className).toContain('ant-btn-loading'));
    fireEvent.click(okButton());
    fireEvent.click(okButton());
    answer(ok(row(1, 'First', 5)));
    // The void has landed once its toast is shown.
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === `${PAY}/void`)).toHaveLength(1);
  });

  it('confirms with the version the row was read at, and reads the list again when it is stale (409)', async () => {
    acceptingFeedback();
    const calls = serve({
      [`${PAY}/confirm`]: () =>
        new Response(JSON.stringify({ meta: { code: 409, message: 'changed by someone else' }, data: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('pay-row-confirm')).toHaveLength(2));
    const lists = () => calls.filter((c) => c.path === `${PAY}/list`).length;
    const before = lists();

    fireEvent.click(screen.getAllByTestId('pay-row-confirm')[1]!);
    await waitFor(() => expect(calls.some((c) => c.path === `${PAY}/confirm`)).toBe(true));
    const sent = calls.find((c) => c.path === `${PAY}/confirm`)!.body;
    expect([sent.get('id'), sent.get('version')]).toEqual(['2', '7']);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });
});
