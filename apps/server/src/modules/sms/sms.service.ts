import fs from 'node:fs';
import {
  Code,
  DICT_TYPES,
  SMS_CONTENT_MAX,
  SMS_FILE_MAX_MB,
  SMS_FILE_ROWS_MAX,
  SMS_SCHEDULE_MAX_DAYS,
  type Locale,
  type Page,
  type SmsBatch,
  type SmsBatchPushBody,
  type SmsListQuery,
  type SmsRecipientsQuery,
  type SmsUploadResult,
} from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { IncomingFile } from '../../http/multipart.js';
import { noteAuditRecord, outsideAuditScope } from '../../lib/audit-scope.js';
import { writeInChunks } from '../../lib/chunked-write.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import { XlsxRefusal } from '../../lib/xlsx/index.js';
import type { DeliveryWorker, OutboxRepository } from '../delivery/index.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import { detectFileType } from '../files/index.js';
import type { PeopleService } from '../people/index.js';
import { isE164 } from './recipient-row.js';
import { headersIn, type RecipientRefusal } from './recipient-check.js';
import { emptyCounts, toBatch, toRecipient, toRejected, type StatusCounts } from './sms.mapper.js';
import type { SmsProvider } from './sms.provider.js';
import type { SmsRepository } from './sms.repository.js';
import { readRecipients, type RejectedRow } from './sms.xlsx.js';
import { SMS_BATCH_LANE, SMS_TEXT_LANE } from './sms.channel.js';

const DAY = 86_400_000;
const DRAFT_KEEP_MS = DAY;

// A file name as it may be stored and shown: no control characters (PostgreSQL refuses NUL), at most 255 long.
const safeName = (name: string) =>
  Array.from(name)
    .filter((ch) => ch.charCodeAt(0) >= 0x20)
    .join('')
    .slice(0, 255);
// A scheduled time this little in the past (a slow form) counts as "now".
const SCHEDULE_SLACK_MS = 5 * 60_000;

export function createSmsService(deps: {
  repo: SmsRepository;
  outbox: OutboxRepository;
  worker: Pick<DeliveryWorker, 'nudge'>;
  dict: Pick<DictRepository, 'enabledValues'>;
  people: Pick<PeopleService, 'names'>;
  provider: Pick<SmsProvider, 'name' | 'isConfigured'>;
  textTemplates: (type: string) => Promise<{ id: number; name: string; content: string }[]>;
  clock: Clock;
}) {
  const { repo, outbox, worker, dict, people, provider, clock } = deps;

  async function counts(ids: number[]): Promise<Map<number, StatusCounts>> {
    const out = new Map(ids.map((id) => [id, emptyCounts()]));
    for (const r of await outbox.summaries('sms', ids)) {
      const c = out.get(r.messageId);
      if (c && r.status in c) c[r.status as keyof StatusCounts] = Number(r.n);
    }
    return out;
  }

  async function fileBatch(id: number) {
    const b = await repo.batch(id);
    if (!b || b.kind !== 'batch' || b.status === 'importing') throw notFound();
    return b;
  }

  // The file must be .xlsx by name and by content (a zip holding a workbook), else "File type error" naming it. The
  // content read for the check is not kept: the worker reads the rows from the file itself (lib/xlsx).
  async function checkFileType(file: IncomingFile): Promise<void> {
    const isNamedXlsx = /\.xlsx$/i.test(file.fileName);
    if (isNamedXlsx && file.size === 0) throw new AppError(Code.SMS_RECIPIENTS_EMPTY);
    const content = isNamedXlsx ? await fs.promises.readFile(file.tempPath) : undefined;
    if (!content || detectFileType(content, file.fileName)?.extension !== 'xlsx')
      throw new AppError(Code.SMS_FILE_TYPE, undefined, {
        file: safeName(file.fileName),
      });
  }

  // The recipient rows of an uploaded file, checked (sms.xlsx.ts), with the file's refusals as the caller's errors.
  async function* recipientsOf(tempPath: string, locale: Locale) {
    try {
      yield* readRecipients(tempPath);
    } catch (err) {
      if (err instanceof XlsxRefusal && err.reason === ('format' satisfies RecipientRefusal))
        throw new AppError(Code.SMS_FILE_FORMAT, undefined, { headers: headersIn(locale).join(', ') });
      if (err instanceof XlsxRefusal)
        throw new AppError(Code.SMS_TOO_MANY_ROWS, undefined, { max: SMS_FILE_ROWS_MAX, size: SMS_FILE_MAX_MB });
      throw AppError.causedBy(Code.SMS_FILE_READ, err);
    }
  }

  // Stores one text message for one number and queues it, in the caller's transaction when given one.
  async function queueOne(tx: Tx, m: { to: string; content: string; purpose: string }, now: number) {
    const id = await repo.insertBatch(tx, {
      kind: 'text',
      status: 'queued',
      purpose: m.purpose,
      terminal: null,
      sender: null,
      content: m.content,
      fileName: null,
      accepted: 1,
      rejected: 0,
      sendAt: now,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertRecipients(tx, [
      { batchId: id, rowNo: 1, phone: m.to, mobileRaw: m.to, regionRaw: null, variables: '{}' },
    ]);
    await outbox.enqueue(tx, 'sms', id, [m.to], now, now, SMS_TEXT_LANE);
    return id;
  }

  return {
    // Reads an uploaded recipient file into a draft batch: every row checked, good rows kept even when others are
    // refused, duplicates (by E.164 number) refused with the row they repeat.
    async upload(file: IncomingFile | undefined, createdBy: number | null, locale: Locale): Promise<SmsUploadResult> {
      if (!file) throw new AppError(Code.SMS_RECIPIENTS_EMPTY);
      await checkFileType(file);
      const fileName = safeName(file.fileName);
      // Issue 38: the rows are read and checked in a worker thread (recipient-check.ts) and come here in chunks of
      // 250 (each chunk an event of its own), each written as short transactions of CHUNK_ROWS rows with a turn of
      // the event loop between them (lib/chunked-write), so that 50,000 rows neither hold SQLite's one connection
      // nor the event loop, nor sit in this thread's memory.
      // The batch is stored as 'importing' (seen by no screen, no push) when the first rows arrive, and only the last
      // step makes it a draft with its counts: all or nothing as before (a failure removes what was written; a crash
      // leaves an 'importing' batch the draft sweep removes). The chunks are written outside the call's audit scope;
      // the last step is the call's one audit entry (decision 175).
      const importing = () => {
        const now = clock.now();
        return {
          kind: 'batch',
          status: 'importing',
          purpose: null,
          terminal: null,
          sender: null,
          content: null,
          fileName,
          accepted: 0,
          rejected: 0,
          sendAt: null,
          createdBy,
          createdAt: now,
          updatedAt: now,
        } as const;
      };
      let id: number | undefined;
      const counts = { rows: 0, accepted: 0, duplicates: 0 };
      try {
        for await (const chunk of recipientsOf(file.tempPath, locale)) {
          id ??= await outsideAuditScope(() => repo.transaction((tx) => repo.insertBatch(tx, importing())));
          const batchId = id;
          counts.rows += chunk.length;
          for (const r of chunk) {
            if (r.phone) counts.accepted += 1;
            else if (r.reason === 'smsRowDuplicate') counts.duplicates += 1;
          }
          await writeInChunks(chunk, (rows) =>
            outsideAuditScope(() =>
              repo.transaction((tx) =>
                repo.insertRecipients(
                  tx,
                  rows.map((r) => Object.assign({}, r, { batchId })),
                ),
              ),
            ),
          );
        }
      } catch (err) {
        if (id !== undefined) await outsideAuditScope(() => repo.deleteBatch(id!));
        throw err;
      }
      if (id === undefined) throw new AppError(Code.SMS_RECIPIENTS_EMPTY);
      const { rows, accepted, duplicates } = counts;
      noteAuditRecord(id);
      await repo.transaction((tx) => repo.markImported(tx, id!, { accepted, rejected: rows - accepted }, clock.now()));
      return { id, fileName, rows, accepted, rejected: rows - accepted, duplicates };
    },

    // Queues one outbox row per accepted recipient, all in one transaction with the batch's change from draft to
    // queued; a scheduled batch's rows are due at its time, so no worker sends them before.
    async push(b: SmsBatchPushBody, createdBy: number | null) {
      const batch = await fileBatch(b.id);
      if (batch.status !== 'draft') throw new AppError(Code.SMS_BATCH_SENT);
      await assertDictValues(dict, [{ field: 'terminal', type: DICT_TYPES.smsTerminal, value: b.terminal }]);
      const now = clock.now();
      if (b.sendAt != null && (b.sendAt < now - SCHEDULE_SLACK_MS || b.sendAt > now + SMS_SCHEDULE_MAX_DAYS * DAY))
        throw badRequest('sendAt', 'v.format');
      const dueAt = Math.max(b.sendAt ?? now, now);
      const queued = await repo.transaction(async (tx) => {
        const isMine = await repo.markQueued(tx, b.id, {
          terminal: b.terminal,
          sender: b.sender ?? null,
          content: b.content,
          sendAt: dueAt,
          createdBy,
          updatedAt: now,
        });
        if (!isMine) throw new AppError(Code.SMS_BATCH_SENT);
        const phones = await repo.acceptedPhones(tx, b.id);
        if (!phones.length) throw new AppError(Code.SMS_RECIPIENTS_EMPTY);
        await outbox.enqueue(tx, 'sms', b.id, phones, now, dueAt, SMS_BATCH_LANE);
        return phones.length;
      });
      worker.nudge();
      return { id: b.id, queued, sendAt: dueAt };
    },

    async list(q: SmsListQuery): Promise<Page<SmsBatch>> {
      const { rows, total, window } = await repo.page(q);
      const [sums, names] = await Promise.all([
        counts(rows.map((r) => r.id)),
        people.names(rows.map((r) => r.createdBy)),
      ]);
      return pageResult(
        rows.map((r) => toBatch(r, sums.get(r.id) ?? emptyCounts(), names.get(r.createdBy ?? 0)?.name ?? null)),
        total,
        window,
      );
    },

    async view(id: number): Promise<SmsBatch> {
      const b = await fileBatch(id);
      const [sums, names] = await Promise.all([counts([id]), people.names([b.createdBy])]);
      return toBatch(b, sums.get(id) ?? emptyCounts(), names.get(b.createdBy ?? 0)?.name ?? null);
    },

    async recipients(q: SmsRecipientsQuery, locale: Locale) {
      await fileBatch(q.id);
      const w = pageWindow(q, { order: 'asc' });
      const { rows, total } = await outbox.pageByMessage('sms', q.id, w, q.status);
      return pageResult(
        rows.map((r) => toRecipient(r, locale)),
        total,
        w,
      );
    },

    // The rejected rows of a batch, for the .xlsx download (reasons in the caller's language).
    async rejectedRows(id: number, locale: Locale): Promise<{ fileName: string; rows: AsyncIterable<RejectedRow[]> }> {
      const b = await fileBatch(id);
      const source = repo.rejectedRows(id);
      async function* mapped() {
        for await (const chunk of source) yield chunk.map((r) => toRejected(r, locale));
      }
      const base = (b.fileName ?? 'recipients.xlsx').replace(/\.xlsx$/i, '');
      return { fileName: `${base}-rejected`, rows: mapped() };
    },

    // Uploads read but never sent are kept a day (the screen may still push or download them), then removed.
    sweepDrafts: () => repo.deleteDraftsBefore(clock.now() - DRAFT_KEEP_MS),

    gateway: () => ({ isConfigured: provider.isConfigured, provider: provider.name }),

    templates: () => deps.textTemplates('sms'),

    // For other modules (the user centre's verification codes): one text to one E.164 number through the outbox.
    // With `tx`, the message commits or rolls back with the caller's own write.
    async queueText(m: { to: string; content: string; purpose: string }, tx?: Tx): Promise<{ id: number }> {
      if (!isE164(m.to)) throw badRequest('to', 'v.format');
      if (!m.content.trim() || m.content.length > SMS_CONTENT_MAX) throw badRequest('content', 'v.format');
      const purpose = m.purpose.slice(0, 64);
      const now = clock.now();
      const id = tx
        ? await queueOne(tx, { ...m, purpose }, now)
        : await repo.transaction((tx) => queueOne(tx, { ...m, purpose }, now));
      worker.nudge();
      return { id };
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
