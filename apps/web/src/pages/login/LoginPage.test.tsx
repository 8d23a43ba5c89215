import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
