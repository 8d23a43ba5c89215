import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi, normalizeAreaCode, normalizeMobile, twoFactorApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthService, LoginAttempt } from './auth.service.js';
import type { SessionService } from './session.service.js';

const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : null,
});

type PasswordBody = { password: string; key: string; code: string };

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; repo: AuthRepository; sessions: SessionService },
): void {
  const { auth, repo, sessions } = deps;
  const tags = ['auth'];
  // What the three password sign-ins share: they are public, and they answer the same errors.
  const passwordSignIn = {
    access: 'public',
    audit: { action: 'auth.signIn' },
    tags,
    description:
      'Errors: 4001 wrong captcha, 4002 captcha unknown or expired, 9004 unknown user, 401 incorrect password, ' +
      '1002 account locked, 1005 too many attempts from the address, 1001 inactive account, 6400 not an administrator, ' +
      '1010 the password was right and the second factor is needed (data: {ticket}, for login/twoFactor).',
  } as const;

  // ... and differ only in how they find the account.
  const passwordLogin = (body: PasswordBody, req: FastifyRequest, find: LoginAttempt['find']) =>
    auth.login({ find, password: body.password, captchaKey: body.key, captchaCode: body.code, ...client(req) });

  defineRoute(app, {
    ...authApi.loginByName,
    ...passwordSignIn,
    summary: 'Sign in with login name (or e-mail) and password',
    handler: ({ body, req }) => passwordLogin(body, req, () => repo.byLoginName(body.loginName)),
  });

  defineRoute(app, {
    ...authApi.loginByEmail,
    ...passwordSignIn,
    summary: 'Sign in with e-mail and password',
    handler: ({ body, req }) => passwordLogin(body, req, () => repo.byEmail(body.email)),
  });

  defineRoute(app, {
    ...authApi.loginByMobile,
    ...passwordSignIn,
    summary: 'Sign in with mobile number (with area code) and password',
    // The number as binding stores it (without the trunk 0 people type: 07700… is +44 7700…).
    handler: ({ body, req }) => {
      const areaCode = normalizeAreaCode(body.areaCode) ?? '';
      return passwordLogin(body, req, () => repo.byMobile(areaCode, normalizeMobile(areaCode, body.mobile)));
    },
  });

  defineRoute(app, {
    ...twoFactorApi.login,
    access: 'public',
    audit: { action: 'auth.signInTwoFactor' },
    tags,
    summary: 'Second sign-in step: the ticket of a 1010 answer and the authenticator code (or a recovery code)',
    description:
      'Errors: 1011 wrong or used code (counts toward the account lock), 1002 account locked, 1013 ticket expired ' +
      'or invalid (sign in again), 1005 too many attempts from the address.',
    handler: ({ body, req }) => auth.loginWithCode({ ticket: body.ticket, code: body.code, ...client(req) }),
  });

  defineRoute(app, {
    ...authApi.logout,
    access: 'signedIn',
    audit: { action: 'auth.signOut' },
    tags,
    summary: 'Revoke the current session',
    handler: async ({ member }) => {
      if (member) await sessions.close(member.sessionId);
      return null;
    },
  });
}
