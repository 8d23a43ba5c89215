import {
  Code,
  formatMessage,
  type EmailAgent,
  type Locale,
  type MailSender,
  type MailSenderAddBody,
  type MailSenderListQuery,
  type MailSenderTestResult,
  type MailSenderUpdateBody,
  type Page,
} from '@study-crm/shared';
import { AppError, badRequest, found } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { MailRepository, MailSenderRow } from './mail.repository.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { classifySmtpError, verifyAccount, type TransportPool } from './smtp.js';
import { deliveryErrorText } from './delivery-text.js';
import { mapPage } from '../../lib/paging.js';

// The one mapper of a sender: the encrypted password never leaves the server.
export const toMailSender = (r: MailSenderRow): MailSender => ({
  id: r.id,
  host: r.host,
  port: r.port,
  account: r.account,
  tlsMode: r.tlsMode,
  displayName: r.displayName,
  replyTo: r.replyTo,
  hasPassword: r.passwordEnc !== '',
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export function createSenderService(deps: {
  repo: MailRepository;
  box: SecretBox;
  transports: TransportPool;
  clock: Clock;
}) {
  const { repo, box, transports, clock } = deps;

  async function row(id: number) {
    const r = found(await repo.sender(id));
    return r;
  }

  return {
    view: async (id: number) => toMailSender(await row(id)),

    list: async (q: MailSenderListQuery): Promise<Page<MailSender>> => mapPage(await repo.senderPage(q), toMailSender),

    async agents(): Promise<EmailAgent[]> {
      return (await repo.allSenders()).map((r) => ({ id: r.id, account: r.account, displayName: r.displayName }));
    },

    async add(b: MailSenderAddBody): Promise<MailSender> {
      const now = clock.now();
      const id = await repo.insertSender({
        host: b.host,
        port: b.port,
        account: b.account,
        tlsMode: b.tlsMode ?? 'starttls',
        displayName: b.displayName ?? null,
        replyTo: b.replyTo || null,
        passwordEnc: box.seal(b.password),
        createdAt: now,
        updatedAt: now,
      });
      return toMailSender(await row(id));
    },

    async update(b: MailSenderUpdateBody): Promise<MailSender> {
      const current = await row(b.id);
      const tlsMode = b.tlsMode ?? current.tlsMode;
      // An empty password keeps the stored one only for the connection it was given for: otherwise whoever may edit
      // a sender could point it at their own server (TLS off) and "test" it to receive the password in clear.
      const moved =
        b.host !== current.host ||
        b.port !== current.port ||
        b.account !== current.account ||
        tlsMode !== current.tlsMode;
      if (moved && !b.password) throw badRequest('password', 'v.required');
      // updatedAt must move so the pooled transport is rebuilt with the new settings.
      const now = Math.max(clock.now(), current.updatedAt + 1);
      await repo.updateSender(b.id, {
        host: b.host,
        port: b.port,
        account: b.account,
        tlsMode,
        displayName: b.displayName ?? null,
        replyTo: b.replyTo || null,
        ...(b.password ? { passwordEnc: box.seal(b.password) } : {}),
        updatedAt: now,
      });
      transports.drop(b.id);
      return toMailSender(await row(b.id));
    },

    async remove(id: number): Promise<null> {
      await row(id);
      if (await repo.isSenderUsed(id)) throw new AppError(Code.MAIL_SENDER_IN_USE);
      // An e-mail written at the same moment: its foreign key refuses the delete.
      if ((await repo.deleteSender(id)) === 'inUse') throw new AppError(Code.MAIL_SENDER_IN_USE);
      transports.drop(id);
      return null;
    },

    // Connects and signs in with the stored settings; answers what happened in the caller's language.
    async test(id: number, locale: Locale): Promise<MailSenderTestResult> {
      const r = await row(id);
      try {
        await verifyAccount({ ...r, password: box.open(r.passwordEnc) });
        return { isOk: true, message: formatMessage('mailTestOk', locale) };
      } catch (err) {
        const failure = classifySmtpError(err);
        return { isOk: false, message: `${deliveryErrorText(failure.code, locale)}: ${failure.message}` };
      }
    },
  };
}
export type SenderService = ReturnType<typeof createSenderService>;
