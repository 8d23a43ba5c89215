import { searchText } from '@study-crm/shared';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import type {
  EmailAttachmentTable,
  EmailMessageTable,
  MailSenderTable,
  MessageTemplateTable,
} from '../../db/schema.js';
import {
  containsPattern,
  countAll,
  insertReturningId,
  isForeignKeyViolation,
  likeLower,
  referencedNames,
} from '../../db/sql-helpers.js';
import { pageResult, pageWindow, type SortOrder } from '../../lib/paging.js';
import { compiledPageRows, givenValues } from '../../db/page-rows.js';
import type { Slots } from '../../db/compiled.js';
import type { EmailListQuery, MailSenderListQuery, TemplateListQuery } from '@study-crm/shared';

export type MailSenderRow = Selectable<MailSenderTable>;
export type TemplateRow = Selectable<MessageTemplateTable>;
export type EmailRow = Omit<Selectable<EmailMessageTable>, 'searchText'>;
export type EmailAttachmentRow = Selectable<EmailAttachmentTable>;

const SENDER = [
  'id',
  'displayName',
  'host',
  'port',
  'account',
  'passwordEnc',
  'tlsMode',
  'replyTo',
  'createdAt',
  'updatedAt',
] as const;
const TEMPLATE = ['id', 'name', 'title', 'type', 'frameUrl', 'frameHtml', 'content', 'createdAt', 'updatedAt'] as const;
const EMAIL = [
  'id',
  'senderId',
  'templateId',
  'subject',
  'content',
  'bodyHtml',
  'platform',
  'createdBy',
  'createdAt',
  'updatedAt',
  'isSystem',
  'sendAt',
  'source',
  'sourceId',
] as const;

// Senders, templates and e-mails: the only SQL of the mail module.
export function createMailRepository(db: Db) {
  // The e-mail list's filter from its slots (givenValues: a filter whose slot is given; `keyword` a contains-pattern),
  // read through email_message_list_ix alone (decision 305). Recipients are the outbox rows (the one record of them);
  // a status is one row of the counts the outbox's triggers keep (decision 304), however many recipients an e-mail
  // has.
  function emailsWhere(s: Slots<string>) {
    let q = db.selectFrom('emailMessage as e').where('e.isSystem', '=', sql.lit(0));
    if (s.senderId) q = q.where('e.senderId', '=', s.senderId);
    if (s.from) q = q.where('e.createdAt', '>=', s.from);
    if (s.to) q = q.where('e.createdAt', '<', s.to);
    if (s.keyword)
      q = q.where((eb) =>
        eb.or([
          likeLower('e.subject', s.keyword!),
          eb.exists(
            eb
              .selectFrom('deliveryOutbox as r')
              .select('r.id')
              .where('r.channel', '=', sql.lit('email'))
              .whereRef('r.messageId', '=', 'e.id')
              .where(likeLower('r.recipient', s.keyword!)),
          ),
        ]),
      );
    if (s.status)
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('deliveryMessageCount as o')
            .select('o.n')
            .where('o.channel', '=', sql.lit('email'))
            .whereRef('o.messageId', '=', 'e.id')
            .where('o.status', '=', s.status!)
            .where('o.n', '>', sql.lit(0)),
        ),
      );
    return q;
  }
  // The total of a filter: of all e-mails or one mail server's, the counts kept in list_count (migration 0079);
  // else counted. (It needs no sender: every e-mail has one, a foreign key, and a sender in use is never removed.)
  const emailTotal = (s: Slots<string>) =>
    db.selectNoFrom(
      sql<number | string>`(${
        s.from || s.to || s.keyword || s.status
          ? emailsWhere(s).select(countAll)
          : db
              .selectFrom('listCount')
              .select(sql<number | string>`coalesce(sum(n), 0)`.as('n'))
              .where('list', '=', sql.lit('email'))
              .$if(!!s.bucket, (q) => q.where('bucket', '=', s.bucket!))
      })`.as('n'),
    );
  // The mail server and template lists' filters from their slots (`keyword` a contains-pattern); each shape built
  // and compiled once (issue 43).
  function senders(s: Slots<string>) {
    let q = db.selectFrom('mailSender');
    if (s.keyword)
      q = q.where((eb) =>
        eb.or([likeLower('host', s.keyword!), likeLower('account', s.keyword!), likeLower('displayName', s.keyword!)]),
      );
    return q;
  }
  const senderPageOf = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: senders(s).select(SENDER).orderBy('id', order),
    count: senders(s).select(countAll),
  }));
  function templates(s: Slots<string>) {
    let q = db.selectFrom('messageTemplate');
    if (s.type) q = q.where('type', '=', s.type);
    if (s.keyword) q = q.where((eb) => eb.or([likeLower('name', s.keyword!), likeLower('title', s.keyword!)]));
    return q;
  }
  const templatePageOf = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: templates(s).select(TEMPLATE).orderBy('id', order),
    count: templates(s).select(countAll),
  }));
  const emailPageOf = compiledPageRows(db, (order: SortOrder, s) => ({
    rows: emailsWhere(s)
      .innerJoin('mailSender as s', 's.id', 'e.senderId')
      .select([
        'e.id',
        'e.senderId',
        's.account as sender',
        'e.templateId',
        'e.subject',
        'e.platform',
        'e.sendAt',
        'e.createdAt',
      ])
      .orderBy('e.id', order),
    count: emailTotal(s),
  }));

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => runInTransaction(db, fn),

    sender: (id: number): Promise<MailSenderRow | undefined> =>
      db.selectFrom('mailSender').select(SENDER).where('id', '=', id).executeTakeFirst(),
    async senderPage(q: MailSenderListQuery) {
      const w = pageWindow(q);
      const { key, values } = givenValues({ keyword: q.keyword ? containsPattern(q.keyword) : null });
      const { rows, total } = await senderPageOf(`${key}:${w.order}`, w.order, values, w);
      return pageResult(rows as MailSenderRow[], total, w);
    },
    // The mail server system e-mails go out through: the first one set up.
    firstSender: (tx: Conn = db): Promise<{ id: number } | undefined> =>
      tx.selectFrom('mailSender').select('id').orderBy('id').limit(1).executeTakeFirst(),
    allSenders: () => db.selectFrom('mailSender').select(SENDER).orderBy('id').execute(),
    insertSender: (v: Omit<MailSenderRow, 'id'>) => insertReturningId(db, 'mailSender', v),
    updateSender: (id: number, v: Partial<Omit<MailSenderRow, 'id' | 'createdAt'>>) =>
      db.updateTable('mailSender').set(v).where('id', '=', id).execute(),
    async isSenderUsed(id: number) {
      return !!(await db
        .selectFrom('emailMessage')
        .select('id')
        .where('senderId', '=', id)
        .where('isSystem', '=', 0)
        .limit(1)
        .executeTakeFirst());
    },
    // 'inUse' when an e-mail's foreign key refuses the delete (one written since the caller checked).
    async deleteSender(id: number): Promise<'deleted' | 'inUse'> {
      try {
        // System e-mails (verification codes) do not keep a mail server: they go with it.
        await db.deleteFrom('emailMessage').where('senderId', '=', id).where('isSystem', '=', 1).execute();
        await db.deleteFrom('mailSender').where('id', '=', id).execute();
        return 'deleted';
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'inUse';
        throw err;
      }
    },

    template: (id: number): Promise<TemplateRow | undefined> =>
      db.selectFrom('messageTemplate').select(TEMPLATE).where('id', '=', id).executeTakeFirst(),
    async templatePage(q: TemplateListQuery) {
      const w = pageWindow(q);
      const { key, values } = givenValues({ type: q.type, keyword: q.keyword ? containsPattern(q.keyword) : null });
      const { rows, total } = await templatePageOf(`${key}:${w.order}`, w.order, values, w);
      return pageResult(rows as TemplateRow[], total, w);
    },
    templateOptions(type: string | null | undefined) {
      let q = db.selectFrom('messageTemplate').select(['id', 'name', 'type', 'title']);
      if (type) q = q.where('type', '=', type);
      return q.orderBy('name').orderBy('id').limit(500).execute();
    },
    // Templates of one type with their content (the SMS screen's picker).
    templatesWithContent(type: string) {
      return db
        .selectFrom('messageTemplate')
        .select(['id', 'name', 'content'])
        .where('type', '=', type)
        .orderBy('name')
        .orderBy('id')
        .limit(500)
        .execute();
    },
    insertTemplate: (v: Omit<TemplateRow, 'id'>) => insertReturningId(db, 'messageTemplate', v),
    updateTemplate: (id: number, v: Partial<Omit<TemplateRow, 'id' | 'createdAt'>>) =>
      db.updateTable('messageTemplate').set(v).where('id', '=', id).execute(),
    async deleteTemplate(id: number) {
      const r = await db.deleteFrom('messageTemplate').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    email: (id: number): Promise<EmailRow | undefined> =>
      db.selectFrom('emailMessage').select(EMAIL).where('id', '=', id).executeTakeFirst(),
    insertEmail: (tx: Conn, v: Omit<Insertable<EmailMessageTable>, 'searchText'>) =>
      insertReturningId(tx, 'emailMessage', { ...v, searchText: searchText([v.subject]) }),
    updateEmail: (tx: Conn, id: number, v: Pick<EmailRow, 'sendAt' | 'updatedAt'>) =>
      tx.updateTable('emailMessage').set(v).where('id', '=', id).execute(),
    // The e-mails copying a record (a notice's e-mail copy), newest first.
    bySource: (source: string, sourceId: number) =>
      db
        .selectFrom('emailMessage')
        .select(['id', 'senderId', 'createdAt'])
        .where('source', '=', source)
        .where('sourceId', '=', sourceId)
        .orderBy('id', 'desc')
        .execute(),
    async insertAttachments(tx: Conn, rows: Omit<EmailAttachmentRow, 'id'>[]) {
      if (rows.length) await tx.insertInto('emailAttachment').values(rows).execute();
    },
    attachments: (emailId: number): Promise<EmailAttachmentRow[]> =>
      db
        .selectFrom('emailAttachment')
        .select(['id', 'emailId', 'storedName', 'originalName', 'mime', 'size', 'createdAt'])
        .where('emailId', '=', emailId)
        .orderBy('id')
        .execute(),
    // Which of these stored names an e-mail keeps as an attachment (for the orphan upload sweep).
    referenced: (storedNames: readonly string[]): Promise<Set<string>> =>
      referencedNames(storedNames, (chunk) =>
        db.selectFrom('emailAttachment').select('storedName as name').where('storedName', 'in', chunk).execute(),
      ),
    // One page of e-mails with the total of the filter, each shape (the filters given, the order) compiled once.
    async emailPage(q: EmailListQuery) {
      const w = pageWindow(q);
      const keyword = q.keyword?.trim();
      const { key, values } = givenValues({
        senderId: q.senderId,
        from: q.from,
        to: q.to,
        keyword: keyword && containsPattern(keyword),
        status: q.status,
        // The mail server's id as list_count's bucket (text).
        bucket: q.senderId && String(q.senderId),
      });
      const { rows, total } = await emailPageOf(`${key}:${w.order}`, w.order, values, w);
      return pageResult(rows, total, w);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
