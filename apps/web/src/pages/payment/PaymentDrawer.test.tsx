import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ModalFuncProps } from 'antd';
import { PERM, storedNameItems, type PaymentView } from '@study-crm/shared';
import { inEnglish } from '../../test/strings';
import { bindFeedback, resetFeedbackForTests, type FeedbackApi } from '../../lib/feedback';
import { useSession } from '../../stores/session';
import { okResponse as ok } from '../../test/responses';
import { payment } from './locale';
import { PaymentDrawer } from './PaymentDrawer';
import { paymentRow } from './testRecords';

// The browser's upload request (api/upload.ts), held until a test lands it: the web project shares one module
// graph between files (isolate: false), so the upload is stood in for at the XMLHttpRequest the app calls.
const held: FakeUpload[] = [];
class FakeUpload {
  upload: { onprogress?: unknown } = {};
  responseText = '';
  onload?: () => void;
  open() {}
  setRequestHeader() {}
  send() {
    held.push(this);
  }
  abort() {}
}
const landUpload = () => {
  const xhr = held.pop()!;
  xhr.responseText = JSON.stringify({
    meta: { code: 200, message: 'ok' },
    data: { name: '202612/ffffffffffffffffffffffffffffffff.pdf', mime: 'application/pdf' },
  });
  xhr.onload!();
};

const PAY = '/api/v1/mc/paymentRecord';
const RECEIPT = '202611/abcdefabcdefabcdefabcdefabcdefab.pdf';
const view = (version: number, description: string): PaymentView => ({
  ...paymentRow(9, 'Deposit', version),
  description,
  voidReason: null,
  voidedBy: null,
  voidedAt: null,
  createdBy: null,
  updatedAt: 0,
  contractFiles: [],
  paymentScreenshots: [],
  receipt: [
    {
      id: 5,
      kind: 'receipt',
      name: RECEIPT,
      originalName: 'Invoice March, 2026.pdf',
      extension: 'pdf',
      mime: 'application/pdf',
      size: 10,
      displayPath: '',
    },
  ],
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetFeedbackForTests();
  useSession.setState({ mid: null, serverPerm: [] });
});

// The first render of the drawer's form takes seconds on a loaded machine.
describe('the payment drawer', { timeout: 30_000 }, () => {
  inEnglish(payment);

  // The drawer editing record 9, read with `viewOf` (called at each read), every save accepted, each confirmation
  // dialog accepted at once.
  function openEditor(viewOf: () => PaymentView) {
    const updates: URLSearchParams[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === `${PAY}/view`) return ok(viewOf());
      if (path === `${PAY}/update`) {
        updates.push(new URLSearchParams(String(init?.body)));
        return ok(view(4, 'mine'));
      }
      return ok([]);
    });
    const none = vi.fn();
    bindFeedback({
      message: { success: none, error: none, info: none },
      modal: { confirm: (c: ModalFuncProps) => void c.onOk?.() },
    } as unknown as FeedbackApi);
    useSession.setState({ mid: '1', serverPerm: [PERM.paymentList, PERM.paymentUpdate] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PaymentDrawer mode="edit" id={9} onEdit={() => undefined} onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { updates, client, container };
  }

  it('saves with the version its form was filled from, even after the record was read again, names with commas whole', async () => {
    let reads = 0;
    // The first read is what the editor sees; a later one carries someone else's save.
    const { updates, client } = openEditor(() => (reads++ === 0 ? view(3, 'as opened') : view(4, 'saved elsewhere')));
    await waitFor(() => expect(screen.getByTestId('pay-f-title')).toBeTruthy());
    // Someone's save elsewhere makes the view read again while the form is open.
    await client.invalidateQueries({ queryKey: ['payment'] });
    await waitFor(() => expect(reads).toBe(2));

    fireEvent.click(screen.getByTestId('pay-save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    const sent = updates[0]!;
    expect([sent.get('id'), sent.get('version')]).toEqual(['9', '3']);
    expect(storedNameItems(sent.get('receipt'))).toEqual([`${RECEIPT}|Invoice March, 2026.pdf`]);
  });

  it('keeps Save off while a file is still uploading, and saves it once it has landed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { updates, container } = openEditor(() => view(3, 'as opened'));
    await waitFor(() => expect(screen.getByTestId('pay-f-title')).toBeTruthy());
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'contract.pdf', { type: 'application/pdf' })] } });
    const save = () => screen.getByTestId('pay-save') as HTMLButtonElement;
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.click(save());
    expect(updates).toHaveLength(0);

    landUpload();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(updates).toHaveLength(1));
    const contracts = storedNameItems(updates[0]!.get('contractFiles')) as string[];
    expect(contracts.map((i) => i.split('|')[1])).toEqual(['contract.pdf']);
  });
});
