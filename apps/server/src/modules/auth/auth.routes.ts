import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthService } from './auth.service.js';
import type { SessionService } from './session.service.js';

const client = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : null,
});

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; repo: AuthRepository; sessions: SessionService },
): void {
  const { auth, repo, sessions } = deps;
  const tags = ['auth'];
  const description =
    'Errors: 4001 wrong captcha, 4002 captcha unknown or expired, 9004 unknown user, 401 incorrect password, ' +
    '1002 account locked, 1005 too many attempts from the address, 1001 inactive account, 6400 not an administrator.';

  defineRoute(app, {
    ...authApi.loginByName,
    access: 'public',
    tags,
    summary: 'Sign in with login name (or e-mail) and password',
    description,
    handler: ({ body, req }) =>
      auth.login({
        find: () => repo.byLoginName(body.loginName),
        password: body.password,
        captchaKey: body.key,
        captchaCode: body.code,
        ...client(req),
      }),
  });

  defineRoute(app, {
    ...authApi.loginByEmail,
    access: 'public',
    tags,
    summary: 'Sign in with e-mail and password',
    description,
    handler: ({ body, req }) =>
      auth.login({
        find: () => repo.byEmail(body.email),
        password: body.password,
        captchaKey: body.key,
        captchaCode: body.code,
        ...client(req),
      }),
  });

  defineRoute(app, {
    ...authApi.loginByMobile,
    access: 'public',
    tags,
    summary: 'Sign in with mobile number (with area code) and password',
    description,
    handler: ({ body, req }) =>
      auth.login({
        find: () => repo.byMobile(body.areaCode.replace('+', ''), body.mobile),
        password: body.password,
        captchaKey: body.key,
        captchaCode: body.code,
        ...client(req),
      }),
  });

  defineRoute(app, {
    ...authApi.logout,
    access: 'signedIn',
    tags,
    summary: 'Revoke the current session',
    handler: async ({ member }) => {
      if (member) await sessions.close(member.sessionId);
      return null;
    },
  });
}
