import {
  ALL_MEMBERS,
  Code,
  type Locale,
  type Notice,
  type NoticeAddInput,
  type NoticeCopyRecipient,
  type NoticeCopyRecipientsInput,
  type NoticeListInput,
  type NoticeRecipient,
  type NoticeUpdateInput,
  type NoticeView,
  type Page,
} from '@study-crm/shared';
import { AppError, badRequest, notFound, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import type { NoticeBoard, NoticeRow, NoticeValues } from '../inbox/index.js';
import type { RecordCopies } from '../mail/index.js';
import type { MemberService } from '../member/index.js';
import type { PeopleService } from '../people/index.js';
import { toNotice, toRecipient } from './notice.mapper.js';

const RECIPIENT_OPTIONS = 20;

// Member notice administration (issue 17). The notices live in the inbox (its notice board); this module checks
// and shapes them. Content is plain text: stored as typed, escaped wherever it is shown.
export function createNoticeService(deps: {
  board: NoticeBoard;
  people: Pick<PeopleService, 'names' | 'isMember' | 'activeEmails'>;
  members: Pick<MemberService, 'list'>;
  copies: Pick<RecordCopies, 'queue' | 'nudge' | 'delivery' | 'recipients'>;
  clock: Clock;
}) {
  const { board, people, members, copies, clock } = deps;

  const namesOf = (rows: NoticeRow[]) => people.names(rows.flatMap((r) => [r.memberId || null, r.createdBy]));

  // The e-mail copy as counts per status: its recipients are members' addresses (`copyRecipients`).
  async function viewOf(row: NoticeRow): Promise<NoticeView> {
    const [names, readCount, emailCopy] = await Promise.all([
      namesOf([row]),
      board.readCount(row.id),
      copies.delivery('notice', row.id),
    ]);
    return { ...toNotice(row, names, clock.now()), readCount, emailCopy };
  }

  async function valuesOf(input: NoticeAddInput, keptPublishAt?: number): Promise<NoticeValues> {
    if (input.recipientId !== ALL_MEMBERS && !(await people.isMember(input.recipientId))) {
      throw badRequest('recipientId', 'v.noticeRecipient');
    }
    const publishAt = input.publishAt ?? keptPublishAt ?? clock.now();
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && expiresAt <= publishAt) throw badRequest('expiresAt', 'v.noticeExpiry');
    return { memberId: input.recipientId, title: input.title, content: input.content, publishAt, expiresAt };
  }

  return {
    async list(q: NoticeListInput): Promise<Page<Notice>> {
      const w = pageWindow(q);
      const { rows, total, now } = await board.page(
        { keyword: q.keyword, recipientId: q.recipientId, state: q.state },
        q.sortField ?? 'publishAt',
        w,
      );
      const names = await namesOf(rows);
      return pageResult(
        rows.map((r) => toNotice(r, names, now)),
        total,
        w,
      );
    },

    async view(id: number): Promise<NoticeView> {
      const row = await board.find(id);
      if (!row) throw notFound();
      return viewOf(row);
    },

    // A page of the e-mail copy's recipients (notice:add: members' addresses), read in SQL with its total; an empty
    // page for a notice without a copy.
    async copyRecipients(q: NoticeCopyRecipientsInput, locale: Locale): Promise<Page<NoticeCopyRecipient>> {
      if (!(await board.find(q.id))) throw notFound();
      const w = pageWindow(q, { order: 'asc' });
      const page = await copies.recipients('notice', q.id, w, q.status, locale);
      return pageResult(page?.rows ?? [], page?.total ?? 0, w);
    },

    // With emailCopy, the notice and its e-mail copy (one outbox row per recipient with a bound e-mail) are
    // written in one transaction: no notice claims a copy that was not queued.
    async add(input: NoticeAddInput, by: number): Promise<NoticeView> {
      const values = await valuesOf(input);
      if (!input.emailCopy) return viewOf(await board.create(values, by));
      const row = await board.create(values, by, async (tx, id) => {
        const to = await people.activeEmails(input.recipientId === ALL_MEMBERS ? null : input.recipientId, tx);
        if (!to.length) throw new AppError(Code.NOTICE_NO_EMAIL);
        const copy = { source: 'notice', sourceId: id, subject: input.title, text: input.content, to };
        if ((await copies.queue(tx, copy, by)) === undefined) throw new AppError(Code.MAIL_UNAVAILABLE);
      });
      copies.nudge();
      return viewOf(row);
    },

    // publishAt left empty keeps the notice's publish time. Saved only from the version read (409 otherwise: someone
    // saved it since; 404 when it was deleted).
    async update(input: NoticeUpdateInput, by: number): Promise<NoticeView> {
      const current = await board.find(input.id);
      if (!current) throw notFound();
      if (current.version !== input.version) throw staleCopy();
      const row = await board.update(input.id, await valuesOf(input, Number(current.publishAt)), input.version, by);
      if (row === 'stale') throw staleCopy();
      if (!row) throw notFound();
      return viewOf(row);
    },

    async remove(id: number, by: number): Promise<null> {
      if (!(await board.remove(id, by))) throw notFound();
      return null;
    },

    // The recipient picker: active members (staff or students) by part of a name, e-mail or mobile (notice:add).
    async recipients(keyword: string | null | undefined): Promise<NoticeRecipient[]> {
      const page = await members.list({ keyword, status: 'active', pageSize: RECIPIENT_OPTIONS });
      return page.list.map(toRecipient);
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
