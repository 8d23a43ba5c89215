import type { FastifyInstance } from 'fastify';
import { verificationApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { VerificationService } from './verification.service.js';

export function registerVerificationRoutes(app: FastifyInstance, codes: VerificationService): void {
  const tags = ['binding'];
  const codeErrors = '4029 sent less than 60 s ago for this address, 7206 already bound, 7207 nothing bound';

  defineRoute(app, {
    ...verificationApi.emailCode,
    access: 'signedIn',
    tags,
    summary: 'Sends a 6-digit code by e-mail: to the new address (bind, rebindNew) or the bound one',
    description: `Errors: ${codeErrors}, 5403 address taken, 7205 no mail server.`,
    handler: ({ member, body, locale }) => codes.requestEmailCode(member!.id, body, locale),
  });
  defineRoute(app, {
    ...verificationApi.mobileCode,
    access: 'signedIn',
    tags,
    summary: 'Sends a 6-digit code by SMS: to the new mobile (bind, rebindNew) or the bound one',
    description: `Errors: ${codeErrors}, 5402 mobile taken, 7204 SMS not available.`,
    handler: ({ member, body, locale }) => codes.requestMobileCode(member!.id, body, locale),
  });

  const useErrors = '7200 code invalid or expired (or locked after 5 tries), 7201 code does not match';
  defineRoute(app, {
    ...verificationApi.bindEmail,
    access: 'signedIn',
    tags,
    summary: 'Binds an e-mail to the account with the code sent to it (none bound yet)',
    description: `Errors: ${useErrors}, 5403 address taken, 7202 bind failed, 7206 already bound.`,
    handler: ({ member, body }) => codes.bindEmail(member!.id, body),
  });
  defineRoute(app, {
    ...verificationApi.reBindEmail,
    access: 'signedIn',
    tags,
    summary: 'Replaces the bound e-mail: the code of the current address, then the code of the new one',
    description: `Errors: ${useErrors}, 5403 address taken, 7203 replace failed, 7207 nothing bound.`,
    handler: ({ member, body }) => codes.reBindEmail(member!.id, body),
  });
  defineRoute(app, {
    ...verificationApi.unbindEmail,
    access: 'signedIn',
    tags,
    summary: 'Unbinds the e-mail with the code sent to it (purpose unbind)',
    description: `Errors: ${useErrors}, 7207 nothing bound, 7208 the only way to sign in.`,
    handler: ({ member, body }) => codes.unbindEmail(member!.id, body.code),
  });
  defineRoute(app, {
    ...verificationApi.bindMobile,
    access: 'signedIn',
    tags,
    summary: 'Binds a mobile to the account with the code sent to it (none bound yet)',
    description: `Errors: ${useErrors}, 5402 mobile taken, 7202 bind failed, 7206 already bound.`,
    handler: ({ member, body }) => codes.bindMobile(member!.id, body),
  });
  defineRoute(app, {
    ...verificationApi.reBindMobile,
    access: 'signedIn',
    tags,
    summary: 'Replaces the bound mobile: the code of the current mobile, then the code of the new one',
    description: `Errors: ${useErrors}, 5402 mobile taken, 7203 replace failed, 7207 nothing bound.`,
    handler: ({ member, body }) => codes.reBindMobile(member!.id, body),
  });
  defineRoute(app, {
    ...verificationApi.unbindMobile,
    access: 'signedIn',
    tags,
    summary: 'Unbinds the mobile with the code sent to it (purpose unbind)',
    description: `Errors: ${useErrors}, 7207 nothing bound, 7208 the only way to sign in.`,
    handler: ({ member, body }) => codes.unbindMobile(member!.id, body.code),
  });

  defineRoute(app, {
    ...verificationApi.resetCode,
    access: 'public',
    tags,
    summary: 'Forgotten password: sends a code to the address if it belongs to an active member',
    description:
      'Same answer whether or not the address is known. Errors: 4001/4002 captcha, 4029 within 60 s, ' +
      '1005 too many requests from this network address, 7205 no mail server.',
    handler: ({ body, req, locale }) => codes.requestResetCode(body, req.ip, locale),
  });
  defineRoute(app, {
    ...verificationApi.resetPwdByEmail,
    access: 'public',
    tags,
    summary: 'Forgotten password: sets a new password with the e-mailed code and signs out every session',
    description: `Errors: ${useErrors}.`,
    handler: ({ body }) => codes.resetPwdByEmail(body),
  });
}
