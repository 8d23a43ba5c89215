import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Code } from '@study-crm/shared';
import i18n, { registerBundle } from '../../i18n';
import { login } from './locale';
import LoginPage from './LoginPage';

const answer = (code: number, data: unknown, message = 'm') =>
  new Response(JSON.stringify({ meta: { code, message }, data }), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The code step's calls: the bodies sent to the second step, and its answers in turn.
function signInWithSecondFactor(codeAnswers: Response[]) {
  const codeBodies: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/v1/mc/auth/login/loginName')
      return answer(Code.TWO_FACTOR_REQUIRED, { ticket: 'ticket-1' }, 'Enter the code');
    if (path === '/api/v1/mc/auth/login/twoFactor') {
      codeBodies.push(new URLSearchParams(String(init?.body)));
      return codeAnswers.shift()!;
    }
    if (path.includes('captcha')) return new Response(new Blob(['png']));
    return answer(404, null);
  });
  URL.createObjectURL ??= () => 'blob:x';
  URL.revokeObjectURL ??= () => undefined;
  render(<LoginPage onSignedIn={() => undefined} prefetch={() => undefined} />);
  const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
  type('loginName', 'staff1');
  type('password', 'Staff#2026pass');
  type('code', 'ABCD');
  fireEvent.click(screen.getByTestId('login-submit'));
  return { codeBodies, type };
}

describe('login page, two-factor step', () => {
  beforeAll(async () => {
    registerBundle(login);
    await i18n.changeLanguage('en-US');
  });

  // Decision 356: a code as authenticator apps show it ("123 456") is sent without its spaces, and a refused code
  // (400) is said on the code step, which keeps its ticket; it used to send the member back to the password.
  it('sends the code without spaces and stays on the code step for a 400', async () => {
    const { codeBodies, type } = signInWithSecondFactor([answer(400, null, 'code has a wrong format')]);
    await waitFor(() => expect(screen.getByTestId('login-code-step')).toBeTruthy());
    type('totp', ' 123 456 ');
    fireEvent.click(screen.getByTestId('login-code-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('code has a wrong format'));
    expect(codeBodies[0]?.get('code')).toBe('123456');
    expect(codeBodies[0]?.get('ticket')).toBe('ticket-1');
    expect(screen.getByTestId('login-code-step')).toBeTruthy();
  });

  it('goes back to the password step when the ticket has expired', async () => {
    const { type } = signInWithSecondFactor([answer(Code.TWO_FACTOR_EXPIRED, null, 'sign in again')]);
    await waitFor(() => expect(screen.getByTestId('login-code-step')).toBeTruthy());
    type('totp', '123456');
    fireEvent.click(screen.getByTestId('login-code-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('sign in again'));
    expect(screen.queryByTestId('login-code-step')).toBeNull();
  });
});

// Decisions 369 and 376: the page keeps the one record of the latest e-mailed code (when another may be sent, what the
// dialog said, whether a refusal used it up); the dialog tells of a send in the opening that made it.
describe('login page, the picture’s code by e-mail', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    registerBundle(login);
    await i18n.changeLanguage('en-US');
    // The dialog's chunk (antd with it), loaded here rather than inside the first test's time.
    await import('./CaptchaByEmail');
  }, 60_000);

  const SPENT = 'The e-mailed code is used up: get a new one by e-mail, or type the new picture’s code.';

  function renderPage() {
    const keys: { mailed: string[]; signIn: string[] } = { mailed: [], signIn: [] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://x');
      const body = new URLSearchParams(String(init?.body));
      if (url.pathname === '/api/v1/sys/code/sendByEmail') {
        keys.mailed.push(body.get('key')!);
        // Another may be sent at once, for the test's second send.
        return answer(200, { resendSeconds: 0, expiresSeconds: 600 });
      }
      if (url.pathname === '/api/v1/mc/auth/login/loginName') {
        keys.signIn.push(body.get('key')!);
        return answer(4001, null, 'Wrong verification code.');
      }
      if (url.pathname.includes('/sys/code/')) return new Response(new Blob(['png']));
      return answer(404, null);
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    render(<LoginPage onSignedIn={() => undefined} prefetch={() => undefined} />);
    const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
    type('loginName', 'mail@example.com');
    // The dialog's code loads when it is first opened: awaited in act, so the suspended part is drawn.
    const open = async () => {
      await act(async () => fireEvent.click(screen.getByTestId('login-captcha-mail')));
      await screen.findByTestId('captcha-mail-send', {}, { timeout: 10_000 });
    };
    const done = async () => {
      fireEvent.click(screen.getByTestId('captcha-mail-done'));
      await waitFor(() => expect(screen.queryByTestId('captcha-mail-done')).toBeNull());
    };
    return {
      keys,
      open,
      done,
      async mail() {
        await open();
        fireEvent.click(screen.getByTestId('captcha-mail-send'));
        expect((await screen.findByTestId('captcha-mail-sent')).textContent).toContain('mail@example.com');
        await done();
      },
      async signIn() {
        type('password', 'Staff#2026pass');
        type('code', 'ABCD');
        const asked = keys.signIn.length;
        fireEvent.click(screen.getByTestId('login-submit'));
        await waitFor(() => expect(keys.signIn).toHaveLength(asked + 1));
        const text = (await screen.findByTestId('login-error')).textContent ?? '';
        expect(text.startsWith('Wrong verification code.')).toBe(true);
        return text.endsWith(SPENT) ? 'usedUp' : 'plain';
      },
    };
  }

  it('tells of a send in the opening that made it, and then moves the focus to the code field', async () => {
    const page = renderPage();
    await page.mail();
    await waitFor(() => expect(document.activeElement?.id).toBe('code'));
    expect(page.keys.mailed).toHaveLength(1);
    // Opened again: the earlier send is not told again.
    await page.open();
    expect(screen.queryByTestId('captcha-mail-sent')).toBeNull();
    expect(screen.getByTestId('captcha-mail-send').hasAttribute('disabled')).toBe(false);
    await page.done();
  });

  it('says the e-mailed code is used up at the first refused sign-in after each send', async () => {
    const page = renderPage();
    expect(await page.signIn()).toBe('plain');
    await page.mail();
    expect(await page.signIn()).toBe('usedUp');
    expect(await page.signIn()).toBe('plain');
    await page.mail();
    expect(await page.signIn()).toBe('usedUp');
    // Each send named the picture's key of its time, which the sign-in after it answered.
    expect(page.keys.mailed).toEqual([page.keys.signIn[1], page.keys.signIn[3]]);
  });
});
