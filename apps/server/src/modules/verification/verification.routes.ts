import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { verificationApi, type Endpoint, type Locale } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { VerificationService } from './verification.service.js';

type Post<B extends z.ZodType, R extends z.ZodType = z.ZodNull> = Endpoint<'POST', undefined, B, R>;
type Unbind = (typeof verificationApi)['unbindEmail'];

// The audit verb of an own-account call: the last part of its URL (bindEmail, unbindMobile, …), emailCode or
// mobileCode for the code requests.
const bindingVerb = (url: string) =>
  url.endsWith('/sms/request') ? `${url.split('/')[4]}Code` : url.slice(url.lastIndexOf('/') + 1);

export function registerVerificationRoutes(app: FastifyInstance, codes: VerificationService): void {
  const tags = ['binding'];
  // A call about the caller's own account: the handler gets the caller's id, the body and the caller's language.
  const own = <B extends z.ZodType, R extends z.ZodType>(
    endpoint: Post<B, R>,
    summary: string,
    errors: string,
    handler: (memberId: number, body: z.output<B>, locale: Locale) => Promise<z.input<R>>,
  ) =>
    defineRoute(app, {
      ...endpoint,
      access: 'signedIn',
      audit: { action: `binding.${bindingVerb(endpoint.url)}`, record: 'member', self: true },
      tags,
      summary,
      description: `Errors: ${errors}.`,
      handler: ({ member, body, locale }) => handler(member!.id, body as z.output<B>, locale),
    });

  const sendErrors = '4029 sent less than 60 s ago for this address, 7206 already bound, 7207 nothing bound';
  own(
    verificationApi.emailCode,
    'Sends a 6-digit code by e-mail: to the new address (bind, rebindNew) or the bound one',
    `${sendErrors}, 5403 address taken, 7205 no mail server`,
    codes.requestEmailCode,
  );
  own(
    verificationApi.mobileCode,
    'Sends a 6-digit code by SMS: to the new mobile (bind, rebindNew) or the bound one',
    `${sendErrors}, 5402 mobile taken, 7204 SMS not available`,
    codes.requestMobileCode,
  );

  // Binding, replacing and unbinding, the same three calls for the e-mail and the mobile.
  const useErrors = '7200 code invalid or expired (or locked after 5 tries), 7201 code does not match';
  const unbindErrors = `${useErrors}, 7207 nothing bound, 7208 the only way to sign in`;
  const binding = <BB extends z.ZodType, RB extends z.ZodType>(
    what: 'e-mail' | 'mobile',
    taken: string,
    api: { bind: Post<BB>; reBind: Post<RB>; unbind: Unbind },
    service: {
      bind: (memberId: number, body: z.output<BB>) => Promise<null>;
      reBind: (memberId: number, body: z.output<RB>) => Promise<null>;
      unbind: (memberId: number, code: string) => Promise<null>;
    },
  ) => {
    own(
      api.bind,
      `Binds ${what === 'e-mail' ? 'an e-mail' : 'a mobile'} to the account with the code sent to it (none bound yet)`,
      `${useErrors}, ${taken}, 7202 bind failed, 7206 already bound`,
      service.bind,
    );
    own(
      api.reBind,
      `Replaces the bound ${what}: the code of the current one, then the code of the new one`,
      `${useErrors}, ${taken}, 7203 replace failed, 7207 nothing bound`,
      service.reBind,
    );
    own(api.unbind, `Unbinds the ${what} with the code sent to it (purpose unbind)`, unbindErrors, (id, body) =>
      service.unbind(id, body.code),
    );
  };
  binding(
    'e-mail',
    '5403 address taken',
    { bind: verificationApi.bindEmail, reBind: verificationApi.reBindEmail, unbind: verificationApi.unbindEmail },
    { bind: codes.bindEmail, reBind: codes.reBindEmail, unbind: codes.unbindEmail },
  );
  binding(
    'mobile',
    '5402 mobile taken',
    { bind: verificationApi.bindMobile, reBind: verificationApi.reBindMobile, unbind: verificationApi.unbindMobile },
    { bind: codes.bindMobile, reBind: codes.reBindMobile, unbind: codes.unbindMobile },
  );

  defineRoute(app, {
    ...verificationApi.resetCode,
    access: 'public',
    audit: { action: 'verification.requestReset' },
    tags,
    summary: 'Forgotten password: sends a code to the address if it belongs to an active member',
    description:
      'Same answer whether or not the address is known. Errors: 4001/4002 captcha, 4029 within 60 s, ' +
      '1005 too many requests from this network address, or 10 wrong codes for the e-mail address within 24 h ' +
      '(until that window passes), 7205 no mail server.',
    handler: ({ body, req, locale }) => codes.requestResetCode(body, req.ip, locale),
  });
  defineRoute(app, {
    ...verificationApi.captchaByEmail,
    access: 'public',
    audit: { action: 'verification.captchaByEmail' },
    tags,
    summary: "Sends the sign-in captcha's code to the address if it belongs to an active member (WCAG 3.3.8)",
    description:
      'Only an active staff member’s address is sent it; the key gets a new code either way, and the answer is the ' +
      'same whether or not the address is known. Errors: 4002 the key is unknown or expired (fetch a new picture), ' +
      '4029 within 60 s for the address, 1005 too many requests from this network address in the hour or 20 ' +
      'e-mails to the address in the day, 7205 no mail server.',
    handler: ({ body, req, locale }) => codes.requestCaptchaByEmail(body, req.ip, locale),
  });
  defineRoute(app, {
    ...verificationApi.resetPwdByEmail,
    access: 'public',
    audit: { action: 'verification.resetPassword' },
    tags,
    summary: 'Forgotten password: sets a new password with the e-mailed code and signs out every session',
    description:
      `Errors: ${useErrors}; 1005 after 10 wrong codes for the e-mail address within 24 h, across its codes ` +
      '(even the right one of a fresh code, until that window passes).',
    handler: ({ body }) => codes.resetPwdByEmail(body),
  });
}
