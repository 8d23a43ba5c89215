import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, found, notFound, staleCopy } from '../../http/errors.js';
import {
  ATTACHMENT_KINDS,
  Code,
  currencyDigits,
  decimalToMinor,
  DICT_TYPES,
  minorToDecimal,
  type AttachmentKind,
  type CurrencyTotal,
  type Page,
  type PaymentConfirmInput,
  type PaymentCreateInput,
  type PaymentFilter,
  type PaymentListInput,
  type PaymentListItem,
  type PaymentTotals,
  type PaymentUpdateInput,
  type PaymentView,
  type Track,
  type TrackChange,
  type TrackListInput,
  type TrackOperation,
} from '@study-crm/shared';
import { refuseUnique } from '../../db/sql-helpers.js';
import type { Tx } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { pageResult, pageWindow } from '../../lib/paging.js';
import type { ApplicationService } from '../application/index.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import { isImage, type DetectedType, type FileStorage } from '../files/index.js';
import type { PeopleService } from '../people/index.js';
import { digitsOf, toPaymentItem, toPaymentView, toTrack } from './payment.mapper.js';
import type {
  NewFile,
  NewTrack,
  PaymentFileRow,
  PaymentRepository,
  PaymentRow,
  PaymentValues,
} from './payment.repository.js';

// Input field of each attachment kind.
const KIND_FIELD: Readonly<Record<AttachmentKind, 'contractFiles' | 'paymentScreenshots' | 'receipt'>> = {
  contract: 'contractFiles',
  screenshot: 'paymentScreenshots',
  receipt: 'receipt',
};
// The money fields a confirmed record keeps for good (corrections: a refund record, or a void).
const LOCKED_FIELDS = ['type', 'transactionDate', 'amountMinor', 'currency'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

type Input = Omit<PaymentCreateInput, 'applicationId'>;

// "202611/abc….png|Receipt March.png" → stored name and the name people see.
function splitItem(item: string): { storedName: string; originalName: string } {
  const bar = item.indexOf('|');
  const storedName = (bar < 0 ? item : item.slice(0, bar)).trim();
  // eslint-disable-next-line no-control-regex
  const given = (bar < 0 ? '' : item.slice(bar + 1)).replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  return { storedName, originalName: (given || storedName.split('/').pop() || 'file').slice(0, 255) };
}

// A diff value as people read it: money as a decimal with its currency, the rest as text.
const show = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

export function createPaymentService(deps: {
  repo: PaymentRepository;
  applications: Pick<ApplicationService, 'summaryOf'>;
  // Stored names kept by other modules' records that own their file (application files): a payment never takes
  // over someone else's file. E-mails only send a file and many may attach one, so they are not among them: their
  // names are kept through `keptAnywhere` (decision 377).
  referencedElsewhere: (storedNames: readonly string[]) => Promise<Set<string>>;
  // Stored names any module keeps (the orphan sweep's check, e-mail attachments among them): a file an edit dropped
  // goes from storage only when nothing keeps it.
  keptAnywhere: (storedNames: readonly string[]) => Promise<Set<string>>;
  people: Pick<PeopleService, 'names' | 'isActiveStaff'>;
  dict: Pick<DictRepository, 'enabledValues'>;
  storage: FileStorage;
  clock: Clock;
  // The names of these the member uploaded through the general upload (files module).
  uploadedBy: (memberId: number, storedNames: readonly string[]) => Promise<Set<string>>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { repo, applications, referencedElsewhere, keptAnywhere, people, dict, storage, clock, log } = deps;
  const { uploadedBy: uploadsOf } = deps;

  // Amount as minor units of the currency: positive, within the currency's decimals.
  function values(i: Input): PaymentValues {
    const digits = currencyDigits(i.currency);
    if (digits === undefined) throw badRequest('currency', 'v.currency');
    const amountMinor = decimalToMinor(i.amount, digits);
    if (amountMinor === undefined) throw badRequest('amount', 'v.amount', { digits });
    return {
      title: i.title,
      type: i.type,
      transactionDate: i.transactionDate,
      amountMinor,
      currency: i.currency,
      transferMethod: i.transferMethod ?? null,
      description: i.description ?? null,
      signingTeacherId: i.signingTeacherId ?? null,
    };
  }

  // The transfer method must be enabled and the signing teacher active; on an update (`stored`), only a value that
  // changes: a record keeps the teacher who left or the method since disabled that it was saved with.
  async function checkRefs(i: Input, stored?: PaymentRow) {
    const transferMethod = i.transferMethod ?? null;
    if (!stored || transferMethod !== stored.transferMethod) {
      await assertDictValues(dict, [
        { field: 'transferMethod', type: DICT_TYPES.transferMethod, value: transferMethod },
      ]);
    }
    const teacher = i.signingTeacherId ?? null;
    if (teacher && teacher !== stored?.signingTeacherId && !(await people.isActiveStaff(teacher))) {
      throw badRequest('signingTeacherId', 'v.staff');
    }
  }

  // New attachments: the stored file must exist, be unclaimed, and its content must fit the kind
  // (screenshots and receipts: an image or a PDF; contracts: any type the files module accepts).
  async function newFiles(i: Input, current: PaymentFileRow[], uploadedBy: number): Promise<NewFile[]> {
    const out: NewFile[] = [];
    const seen = new Set<string>();
    const items = ATTACHMENT_KINDS.flatMap((kind) =>
      (i[KIND_FIELD[kind]] ?? []).map((item) => splitItem(item).storedName),
    );
    // A new attachment is a file the operator uploaded through the general upload (decision 295).
    const theirs = await uploadsOf(uploadedBy, items);
    for (const kind of ATTACHMENT_KINDS) {
      const field = KIND_FIELD[kind];
      for (const item of i[field] ?? []) {
        const { storedName, originalName } = splitItem(item);
        if (seen.has(storedName)) throw badRequest(field, 'v.attachment', { file: originalName });
        seen.add(storedName);
        if (current.some((f) => f.storedName === storedName && f.kind === kind)) continue;
        if (!theirs.has(storedName)) throw badRequest(field, 'v.attachment', { file: originalName });
        // The type by the file's first bytes, read through storage (whatever the driver).
        let found: { type: DetectedType | null; size: number };
        try {
          found = await storage.detect(storedName, originalName);
        } catch {
          throw badRequest(field, 'v.attachment', { file: originalName });
        }
        const { type } = found;
        if (!type) throw badRequest(field, 'v.fileContent', { file: originalName });
        if (kind !== 'contract' && !isImage(type.extension) && type.extension !== 'pdf') {
          throw badRequest(field, 'v.receiptImage');
        }
        out.push({
          kind,
          storedName,
          originalName,
          extension: type.extension,
          mime: type.mime,
          size: found.size,
          uploadedBy,
        });
      }
    }
    const names = out.map((f) => f.storedName);
    if (names.length) {
      const mine = new Set(current.map((f) => f.storedName));
      const taken = new Set([...(await referencedElsewhere(names)), ...(await repo.referenced(names))]);
      const clash = out.find((f) => taken.has(f.storedName) && !mine.has(f.storedName));
      if (clash) throw takenFile(clash);
    }
    return out;
  }

  // An attachment another record holds: refused on its field, naming it.
  const takenFile = (f: NewFile) => badRequest(KIND_FIELD[f.kind], 'v.attachment', { file: f.originalName });

  // The new attachments, in the write's transaction. Two calls attaching one upload at once may both pass the check
  // in `newFiles`; payment_file's unique stored name then refuses the second, which gets the check's answer (not a
  // 500) and whose transaction takes back the record it began. One row a statement, so the refusal names its file.
  async function attach(tx: Tx, paymentId: number, files: NewFile[], now: number) {
    for (const f of files)
      await refuseUnique(
        () => repo.insertFiles(tx, paymentId, [f], now),
        () => takenFile(f),
      );
  }

  // Attachments the input no longer lists (a kind absent from the input keeps its files).
  function removedFiles(i: Input, current: PaymentFileRow[]): PaymentFileRow[] {
    return current.filter((f) => {
      const list = i[KIND_FIELD[f.kind]];
      if (list === undefined) return false;
      return !list.some((item) => splitItem(item).storedName === f.storedName);
    });
  }

  const fileChanges = (files: { kind: AttachmentKind; originalName: string }[], added: boolean): TrackChange[] =>
    files.map((f) => ({
      field: KIND_FIELD[f.kind],
      before: added ? null : f.originalName,
      after: added ? f.originalName : null,
    }));

  const money = (minor: number, currency: string) => `${minorToDecimal(minor, digitsOf(currency))} ${currency}`;

  // Totals are answered as JavaScript numbers: a currency's collections not voided, and its refunds, stay within
  // Number.MAX_SAFE_INTEGER, so every total made of them (a part, a difference) does too (decision 377). Checked in
  // the write's transaction, after the write (repo.typeSum); refused on the amount, naming the most it may be.
  async function assertTotalsFit(tx: Tx, v: PaymentValues) {
    const sum = await repo.typeSum(tx, v.currency, v.type);
    if (sum <= Number.MAX_SAFE_INTEGER) return;
    const most = Math.max(0, Number.MAX_SAFE_INTEGER - (sum - v.amountMinor));
    throw badRequest('amount', 'v.tooBig', { max: money(most, v.currency) });
  }

  // What changed between two versions of the record's values, money shown as decimals.
  function diff(before: Partial<PaymentValues>, after: PaymentValues): TrackChange[] {
    const out: TrackChange[] = [];
    for (const key of Object.keys(after) as (keyof PaymentValues)[]) {
      if (before[key] === after[key]) continue;
      if (key === 'amountMinor') {
        out.push({
          field: 'amount',
          before: before.amountMinor == null ? null : money(before.amountMinor, before.currency ?? after.currency),
          after: money(after.amountMinor, after.currency),
        });
      } else out.push({ field: key, before: show(before[key]), after: show(after[key]) });
    }
    return out;
  }

  function track(
    paymentId: number,
    operatorId: number,
    operation: TrackOperation,
    changes: TrackChange[],
    now: number,
  ) {
    return { paymentId, operatorId, operation, changes: JSON.stringify(changes), createdAt: now } satisfies NewTrack;
  }

  // One record; with applicationId (userTransactions), only a record of that application.
  async function view(id: number, applicationId?: number): Promise<PaymentView> {
    const row = await repo.find(id);
    if (!row || (applicationId !== undefined && row.applicationId !== applicationId)) throw notFound();
    const files = await repo.files(id);
    const names = await people.names([
      row.studentId,
      row.signingTeacherId,
      row.confirmedBy,
      row.voidedBy,
      row.createdBy,
    ]);
    return toPaymentView(row, files, names);
  }

  // Why a write on this record was refused: it is gone, voided, or its money fields are locked.
  function refusal(row: PaymentRow | undefined, changesLocked: boolean): AppError {
    if (!row) return notFound();
    if (row.status === 'voided') return new AppError(Code.PAYMENT_VOIDED);
    if (row.status === 'confirmed' && changesLocked) return new AppError(Code.PAYMENT_LOCKED);
    return staleCopy();
  }

  return {
    view,

    async list(q: PaymentListInput): Promise<Page<PaymentListItem>> {
      const w = pageWindow(q);
      // (On PostgreSQL the page's statement has read the names too.)
      const { rows, total, names: carried } = await repo.page(q, q.sortField ?? 'transactionDate', w);
      const names =
        carried ?? (await people.names(rows.flatMap((r) => [r.studentId, r.signingTeacherId, r.confirmedBy])));
      return pageResult(
        rows.map((r) => toPaymentItem(r, names)),
        total,
        w,
      );
    },

    // Per currency, never across: collections minus refunds, overall / pending / confirmed (voided excluded).
    async countAmount(f: PaymentFilter): Promise<PaymentTotals> {
      const rows = await repo.totals(f);
      const by = new Map<string, { total: number; pending: number; confirmed: number; count: number }>();
      for (const r of rows) {
        const t = by.get(r.currency) ?? { total: 0, pending: 0, confirmed: 0, count: 0 };
        const sum = Number(r.sum ?? 0) * (r.type === 'refund' ? -1 : 1);
        t.total += sum;
        if (r.status === 'pending') t.pending += sum;
        if (r.status === 'confirmed') t.confirmed += sum;
        t.count += Number(r.n);
        by.set(r.currency, t);
      }
      const currencies: CurrencyTotal[] = [...by.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, t]) => {
          const digits = digitsOf(currency);
          return {
            currency,
            digits,
            totalMinor: t.total,
            pendingMinor: t.pending,
            confirmedMinor: t.confirmed,
            total: minorToDecimal(t.total, digits),
            pending: minorToDecimal(t.pending, digits),
            confirmed: minorToDecimal(t.confirmed, digits),
            count: t.count,
          };
        });
      return { currencies };
    },

    async create(input: PaymentCreateInput, operatorId: number): Promise<PaymentView> {
      const app = await applications.summaryOf(input.applicationId);
      if (!app) throw badRequest('applicationId', 'v.format');
      const v = values(input);
      if (!v.signingTeacherId) v.signingTeacherId = app.signingTeacherId;
      await checkRefs(input);
      const files = await newFiles(input, [], operatorId);
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const id = await repo.insert(
          tx,
          { ...v, applicationId: app.id, studentId: app.memberId, studentName: app.name, createdBy: operatorId },
          now,
        );
        await assertTotalsFit(tx, v);
        await attach(tx, id, files, now);
        const tracks = [track(id, operatorId, 'create', diff({}, v), now)];
        if (files.length) tracks.push(track(id, operatorId, 'attach', fileChanges(files, true), now));
        await repo.insertTracks(tx, tracks);
        return id;
      });
      return view(id);
    },

    async update(input: PaymentUpdateInput, operatorId: number): Promise<PaymentView> {
      const row = found(await repo.find(input.id));
      if (row.status === 'voided') throw new AppError(Code.PAYMENT_VOIDED);
      // The version the editor read (decision 47): an edit from an older one would overwrite a save it never saw,
      // and remove the attachments that save added.
      const version = input.version ?? row.version;
      if (version !== row.version) throw staleCopy();
      const v = values(input);
      const lockedChange = LOCKED_FIELDS.some((k) => row[k] !== v[k]);
      if (row.status === 'confirmed' && lockedChange) throw new AppError(Code.PAYMENT_LOCKED);
      await checkRefs(input, row);
      const current = await repo.files(row.id);
      const added = await newFiles(input, current, operatorId);
      const removed = removedFiles(input, current).filter(
        (f) => !added.some((a) => a.storedName === f.storedName && a.kind === f.kind),
      );
      const changes = diff(row, v);
      const now = clock.now();
      await repo.transaction(async (tx: Tx) => {
        const ok = await repo.update(tx, row.id, version, v, now);
        if (!ok) throw refusal(await repo.find(row.id, tx), lockedChange);
        if (v.currency !== row.currency || v.type !== row.type || v.amountMinor > row.amountMinor) {
          await assertTotalsFit(tx, v);
        }
        await repo.removeFiles(
          tx,
          removed.map((f) => f.id),
        );
        await attach(tx, row.id, added, now);
        const tracks: NewTrack[] = [];
        if (changes.length) tracks.push(track(row.id, operatorId, 'update', changes, now));
        if (added.length) tracks.push(track(row.id, operatorId, 'attach', fileChanges(added, true), now));
        if (removed.length) {
          tracks.push(track(row.id, operatorId, 'removeAttachment', fileChanges(removed, false), now));
        }
        await repo.insertTracks(tx, tracks);
      });
      // A removed attachment's file goes once the change is committed, unless it was re-attached as another kind or
      // something else keeps it (an e-mail attaching the same upload). The edit is committed: a failure here (the
      // check or the storage) is logged and leaves the file to the orphan sweep, never answered as the edit's.
      const dropped = removed.map((f) => f.storedName).filter((n) => !added.some((a) => a.storedName === n));
      if (dropped.length) {
        try {
          const kept = await keptAnywhere(dropped);
          for (const name of dropped) if (!kept.has(name)) await storage.remove(name);
        } catch (err) {
          log.warn({ err, paymentId: row.id, dropped }, 'dropped payment files not removed; the orphan sweep will');
        }
      }
      return view(row.id);
    },

    // One confirmation however many staff press at once: only a pending row is updated, and the log entry is
    // written in the same transaction. With the version the confirmer read, only the amount they saw is locked.
    async confirm(input: PaymentConfirmInput, operatorId: number): Promise<PaymentView> {
      const { id } = input;
      const now = clock.now();
      await repo.transaction(async (tx) => {
        if (!(await repo.confirm(tx, id, input.version ?? null, operatorId, now))) {
          const row = found(await repo.find(id, tx));
          if (row.status === 'voided') throw new AppError(Code.PAYMENT_VOIDED);
          if (row.status === 'confirmed') throw new AppError(Code.PAYMENT_ALREADY_CONFIRMED);
          throw staleCopy();
        }
        await repo.insertTracks(tx, [
          track(id, operatorId, 'confirm', [{ field: 'status', before: 'pending', after: 'confirmed' }], now),
        ]);
      });
      return view(id);
    },

    async voidRecord(input: { id: number; reason: string }, operatorId: number): Promise<PaymentView> {
      const now = clock.now();
      await repo.transaction(async (tx) => {
        // The row held first: the log's "before" is the status the void moved from, also when a confirmation was
        // committing as this call began (decision 377).
        const row = found(await repo.lock(tx, input.id));
        if (!(await repo.voidRecord(tx, input.id, operatorId, input.reason, now))) {
          throw new AppError(Code.PAYMENT_VOIDED);
        }
        await repo.insertTracks(tx, [
          track(
            input.id,
            operatorId,
            'void',
            [
              { field: 'status', before: row.status, after: 'voided' },
              { field: 'voidReason', before: null, after: input.reason },
            ],
            now,
          ),
        ]);
      });
      return view(input.id);
    },

    // An attachment; with applicationId (userTransactions), only one of that application's records.
    async openFile(id: number, applicationId?: number) {
      const row = found(await repo.findFile(id));
      if (applicationId !== undefined && (await repo.find(row.paymentId))?.applicationId !== applicationId) {
        throw notFound();
      }
      const file = await storage.open(row.storedName);
      const dot = row.originalName.lastIndexOf('.');
      const title = dot > 0 ? row.originalName.slice(0, dot) : row.originalName;
      return { ...file, title, extension: row.extension, mime: row.mime };
    },

    async tracks(q: TrackListInput): Promise<Page<Track>> {
      const w = pageWindow(q);
      // Instants (the screen's local days) over UTC days.
      const from = q.from ?? (q.dateFrom ? Date.parse(`${q.dateFrom}T00:00:00Z`) : null);
      const to = q.to ?? (q.dateTo ? Date.parse(`${q.dateTo}T00:00:00Z`) + DAY_MS : null);
      const { rows, total } = await repo.tracks({ ...q, from, to }, w);
      const names = await people.names(rows.map((r) => r.operatorId));
      const titles = await repo.titles(rows.map((r) => r.paymentId));
      return pageResult(
        rows.map((r) => toTrack(r, names, titles)),
        total,
        w,
      );
    },

    async track(id: number): Promise<Track> {
      const row = found(await repo.findTrack(id));
      const names = await people.names([row.operatorId]);
      return toTrack(row, names, await repo.titles([row.paymentId]));
    },

    // For the orphan sweep: which stored names a payment keeps.
    referenced: (storedNames: readonly string[]) => repo.referenced(storedNames),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
