import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { bindFeedback, resetFeedbackForTests, type FeedbackApi } from '../../lib/feedback';
import { session } from '../../api/session';
import SessionExpiryDialog from './SessionExpiryDialog';

// Decision 352: "Stay signed in" when the server cannot be reached keeps the warning (to try again while time is
// left); only a 401 asks the member to sign in again. (Its own module graph: the session-expired dialog opens once per
// page.)
describe('the idle warning', { timeout: 30_000 }, () => {
  const error = vi.fn();
  const info = vi.fn();
  beforeAll(async () => {
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    resetFeedbackForTests();
    error.mockReset();
    info.mockReset();
  });

  const show = () => {
    session.save('tok', 1);
    const none = vi.fn();
    bindFeedback({
      message: { success: none, error, info: none, warning: none, loading: none, open: none, destroy: none },
      modal: { info },
    } as unknown as FeedbackApi);
    render(
      <MemoryRouter>
        <SessionExpiryDialog phase={{ kind: 'idleWarning', endsAt: Date.now() + 90_000 }} onEndNoticeClosed={vi.fn()} />
      </MemoryRouter>,
    );
  };

  it('keeps the warning when the server cannot be reached, and asks to sign in again after a 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    show();
    const stay = () => screen.getByRole('button', { name: /Stay signed in$/ });
    await waitFor(() => expect(stay().className).not.toContain('ant-btn-loading'));
    fireEvent.click(stay());
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ content: expect.stringContaining('cannot be reached') }),
      ),
    );
    expect(info).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(stay().className).not.toContain('ant-btn-loading'));

    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ meta: { code: 401, message: 'expired' }, data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    fireEvent.click(stay());
    await waitFor(() => expect(info).toHaveBeenCalled());
  });
});
