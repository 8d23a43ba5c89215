import {
  EmailListQuery,
  MailSenderListQuery,
  PERM,
  TemplateListQuery,
  type Email,
  type Locale,
  type MailSender,
  type Template,
  type TlsMode,
} from '@study-crm/shared';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { EmailService } from './email.service.js';
import type { SenderService } from './sender.service.js';
import type { TemplateService } from './template.service.js';

// The e-mail list's export (issue 39): the list's own call (delivery status, sender, dates, keyword), for holders
// of its permission. The delivery summary the list shows as tags is a number per status (queued counts the rows
// being sent, as on the screen).
export function emailExporter(emails: Pick<EmailService, 'list'>): Exporter<EmailListQuery, Email> {
  return {
    list: 'email',
    perm: PERM.emailList,
    sheet: tr('郵件管理', '邮件管理', 'E-mails'),
    query: EmailListQuery,
    page: listPages(emails.list),
    columns: [
      column.plain('subject', tr('主旨', '主题', 'Subject'), 36),
      column.plain('sender', tr('寄件人', '发件人', 'Sender'), 28),
      column.plain('recipientCount', tr('收件人數', '收件人数', 'Recipients'), 10),
      column.of('sent', tr('已寄出', '已发送', 'Sent'), (r) => r.summary.sent, 10),
      column.of('failed', tr('失敗', '失败', 'Failed'), (r) => r.summary.failed, 10),
      column.of('cancelled', tr('已取消', '已取消', 'Cancelled'), (r) => r.summary.cancelled, 10),
      column.of('queued', tr('排隊中', '排队中', 'Queued'), (r) => r.summary.queued + r.summary.sending, 10),
      column.time('createdAt', tr('時間', '时间', 'Time')),
      column.time('sendAt', tr('預定寄送', '预定发送', 'Scheduled for')),
    ],
  };
}

// The template list's export (issue 39): the list's own call (type, keyword), for holders of its permission.
export function templateExporter(templates: Pick<TemplateService, 'list'>): Exporter<TemplateListQuery, Template> {
  return {
    list: 'template',
    perm: PERM.templateList,
    sheet: tr('範本管理', '模板管理', 'Templates'),
    query: TemplateListQuery,
    page: listPages(templates.list),
    columns: [
      column.plain('name', tr('範本名稱', '模板名称', 'Template name'), 28),
      column.plain('type', tr('範本類型', '模板类型', 'Template type'), 18),
      column.plain('title', tr('內容標題', '内容标题', 'Content title'), 36),
      column.time('updatedAt', tr('更新時間', '更新时间', 'Updated')),
    ],
  };
}

// The list's own wording of the encryption (pages/message/locale.ts).
const TLS: Record<TlsMode, Record<Locale, string>> = {
  starttls: tr('STARTTLS', 'STARTTLS', 'STARTTLS'),
  tls: tr('SSL/TLS', 'SSL/TLS', 'SSL/TLS'),
  none: tr('不加密', '不加密', 'None'),
};

// The mail servers' export (issue 39): the list's own call (keyword), for holders of its permission; the list's
// columns. A list item carries no secret (the mailbox password is never read out), and no column is one.
export function mailSenderExporter(senders: Pick<SenderService, 'list'>): Exporter<MailSenderListQuery, MailSender> {
  return {
    list: 'mailSender',
    perm: PERM.mailSenderList,
    sheet: tr('郵件伺服器', '邮件服务器', 'Mail servers'),
    query: MailSenderListQuery,
    page: listPages(senders.list),
    columns: [
      column.plain('displayName', tr('顯示名稱', '显示名称', 'Display name'), 20),
      column.plain('account', tr('信箱帳號', '邮箱账号', 'Mailbox account'), 28),
      column.plain('host', tr('SMTP 主機', 'SMTP 主机', 'SMTP host'), 24),
      column.plain('port', tr('連接埠', '端口', 'Port'), 8),
      column.named('tlsMode', tr('加密方式', '加密方式', 'Encryption'), 12, TLS),
    ],
  };
}
