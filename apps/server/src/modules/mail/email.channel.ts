import type { Channel, OutboxRepository } from '../delivery/index.js';
import { isMissingFile, type FileStorage } from '../files/index.js';
import { DeliveryError } from '../delivery/index.js';
import type { MailRepository } from './mail.repository.js';
import { renderHtml, renderText } from './render.js';
import { classifySmtpError, type TransportPool } from './smtp.js';
import type { SecretBox } from '../../lib/secret-box.js';

// The e-mail adapter of the delivery worker: one outbox row = one e-mail to one recipient.
export function createEmailChannel(deps: {
  repo: MailRepository;
  transports: TransportPool;
  portalLink: string;
  storage: Pick<FileStorage, 'open'>;
  box: Pick<SecretBox, 'open'>;
  outbox: Pick<OutboxRepository, 'byMessage'>;
  // E-mails of one mail server (one lane) sent at once by this server.
  laneConcurrency: number;
}): Channel {
  const { repo, transports, storage, outbox } = deps;

  // The To and Cc headers every recipient sees (Bcc never shows). A copy of a record (a notice) is addressed to
  // each recipient alone. The envelope alone decides who receives this row's message.
  async function headers(email: { id: number; source: string | null }, recipient: string) {
    if (email.source !== null) return { to: [recipient], cc: [] };
    const rows = await outbox.byMessage('email', email.id);
    const of = (role: string) => rows.filter((r) => (r.role ?? 'to') === role).map((r) => r.recipient);
    return { to: of('to'), cc: of('cc') };
  }
  return {
    name: 'email',
    close: () => transports.closeAll(),
    laneConcurrency: deps.laneConcurrency,
    async send(item) {
      const email = await repo.email(item.messageId);
      if (!email) throw new DeliveryError('the e-mail no longer exists', true, 'FAILED');
      const sender = await repo.sender(email.senderId);
      if (!sender) throw new DeliveryError('the mail server no longer exists', true, 'FAILED');
      const vars = {
        recipient: { email: item.recipient },
        sender: { name: sender.displayName ?? sender.account, email: sender.account },
        platform: email.platform,
        date: new Date(email.createdAt).toISOString().slice(0, 10),
        portal: { link: deps.portalLink },
      };
      let subject: string;
      let html: string;
      try {
        subject = await renderText(email.subject, vars);
        // A system e-mail's body is sealed at rest and holds no template syntax.
        html = email.isSystem ? deps.box.open(email.bodyHtml) : await renderHtml(email.bodyHtml, vars);
      } catch (err) {
        throw new DeliveryError(err instanceof Error ? err.message : String(err), true, 'FAILED');
      }
      // The attachments' bytes as stored; a file gone from storage fails the row for good (retrying cannot help), a
      // store that cannot be reached just now is tried again later (decision 354).
      const attachments = [];
      for (const a of await repo.attachments(email.id)) {
        try {
          // Streamed from storage as nodemailer writes the message.
          const file = await storage.open(a.storedName);
          attachments.push({
            filename: a.originalName,
            content: await file.read(),
            contentType: a.mime,
          });
        } catch (err) {
          if (!isMissingFile(err))
            throw new DeliveryError(`attachment ${a.originalName}: the file store cannot be reached`, false);
          throw new DeliveryError(`attachment ${a.originalName} is missing from storage`, true, 'FAILED');
        }
      }
      const { to, cc } = await headers(email, item.recipient);
      try {
        const info = await transports.get(sender).sendMail({
          from: { name: sender.displayName ?? '', address: sender.account },
          // A Bcc recipient is in no header: only in this message's envelope.
          to: to.length ? to : undefined,
          cc: cc.length ? cc : undefined,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          envelope: { from: sender.account, to: [item.recipient] },
          subject,
          html,
          attachments,
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (err) {
        throw classifySmtpError(err);
      } finally {
        // A send that failed before reading an attachment leaves no storage stream open.
        for (const a of attachments) a.content.destroy();
      }
    },
  };
}
