import type { FastifyInstance } from 'fastify';
import { PERM, twoFactorApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { TwoFactorService } from './two-factor.service.js';

export function registerTwoFactorRoutes(app: FastifyInstance, twoFactor: TwoFactorService): void {
  const tags = ['two-factor'];

  defineRoute(app, {
    ...twoFactorApi.status,
    access: 'signedIn',
    tags,
    summary: 'Whether the caller uses two-factor sign-in, whether a role requires it, recovery codes left',
    handler: ({ member }) => twoFactor.status(member!.id),
  });

  defineRoute(app, {
    ...twoFactorApi.setup,
    access: 'signedIn',
    audit: { action: 'twoFactor.setup' },
    tags,
    summary: 'Start two-factor set-up: a new secret with its otpauth URL and QR code (pending until confirmed)',
    description: 'Errors: 409 already on. The secret is returned here only; it is stored encrypted.',
    handler: ({ member }) => twoFactor.setup(member!.id),
  });

  defineRoute(app, {
    ...twoFactorApi.confirm,
    access: 'signedIn',
    audit: { action: 'twoFactor.confirm' },
    tags,
    summary: 'Confirm set-up with a first code; answers ten one-time recovery codes, shown once',
    description: 'Errors: 1011 wrong code, 409 not pending or already on.',
    handler: ({ body, member }) => twoFactor.confirm(member!.id, body.code),
  });

  defineRoute(app, {
    ...twoFactorApi.disable,
    access: 'signedIn',
    audit: { action: 'twoFactor.disable' },
    tags,
    summary: 'Turn two-factor sign-in off with the password and a current code or a recovery code',
    description:
      'Errors: 400 wrong password, 1011 wrong code, 1002 locked (tries count against the sign-in lock), ' +
      '403 a role of the caller requires it.',
    handler: ({ body, member }) => twoFactor.disable(member!.id, body.password, body.code),
  });

  defineRoute(app, {
    ...twoFactorApi.reset,
    access: PERM.memberResetTwoFactor,
    audit: { action: 'twoFactor.reset', record: 'member' },
    tags,
    summary: "Reset a member's second factor (they sign in with the password alone, or set it up again)",
    description: '403 manageBeyondOwn when the member holds a permission the caller lacks.',
    handler: ({ body, member }) => twoFactor.reset(body.id, member!),
  });
}
