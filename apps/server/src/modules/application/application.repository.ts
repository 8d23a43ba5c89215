import { searchText } from '@study-crm/shared';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Row } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { listCount } from '../../db/list-count.js';
import { prefixEnd } from '../../db/sql-helpers.js';
import { applicationHolds, keywordWords } from './application-search.repository.js';
import { runInTransaction, type Conn as Tx, type Tx as Open } from '../../db/transaction.js';

export const APPLICATION_COLUMNS = [
  'application.id',
  'application.memberId',
  'application.name',
  'application.engLastName',
  'application.engFirstName',
  'application.formerName',
  'application.gender',
  'application.religion',
  'application.nationality',
  'application.birthday',
  'application.birthplace',
  'application.passportNo',
  'application.passportIssuePlace',
  'application.passportIssueDate',
  'application.passportExpiryDate',
  'application.areaCode',
  'application.mobile',
  'application.landline',
  'application.email',
  'application.addressLine1',
  'application.addressLine2',
  'application.city',
  'application.country',
  'application.postcode',
  'application.importantNotes',
  'application.applicationDate',
  'application.status',
  'application.signingTeacherId',
  'application.followTeacherId',
  'application.version',
  'application.createdAt',
  'application.updatedAt',
] as const;

export type ApplicationRow = Omit<
  Row<'application'>,
  'searchName' | 'searchEng' | 'passportKey' | 'emailKey' | 'searchText' | 'deletedAt'
>;

export type ApplicationValues = Omit<ApplicationRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

// Normalised search keys: prefix search on lower-cased names, exact match on passport / e-mail.
export const searchKey = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();
export function searchColumns(
  v: Pick<
    ApplicationValues,
    'name' | 'engLastName' | 'engFirstName' | 'formerName' | 'passportNo' | 'email' | 'mobile'
  >,
) {
  const eng = [v.engLastName, v.engFirstName].filter(Boolean).join(' ');
  return {
    searchName: searchKey(v.name),
    searchEng: eng ? searchKey(eng) : null,
    passportKey: v.passportNo ? v.passportNo.replace(/\s+/g, '').toUpperCase() : null,
    emailKey: v.email ? v.email.trim().toLowerCase() : null,
    // The search box (decision 138): every name and key, folded; the order migration 0045 backfilled.
    searchText: searchText([v.name, eng, v.formerName, v.passportNo, v.email, v.mobile]),
  };
}

export type ChildRows = {
  educations: Omit<Database['applicationEducation'], 'id' | 'applicationId' | 'sort'>[];
  jobs: Omit<Database['applicationJob'], 'id' | 'applicationId' | 'sort'>[];
  languageScores: Omit<Database['applicationLanguageScore'], 'id' | 'applicationId' | 'sort'>[];
  referrers: Omit<Database['applicationReferrer'], 'id' | 'applicationId' | 'sort'>[];
  targetSchools: Omit<Database['applicationTargetSchool'], 'id' | 'applicationId' | 'sort'>[];
};

const CHILD_TABLES = {
  educations: 'applicationEducation',
  jobs: 'applicationJob',
  languageScores: 'applicationLanguageScore',
  referrers: 'applicationReferrer',
  targetSchools: 'applicationTargetSchool',
} as const;

const CHILD_COLUMNS = {
  educations: ['startDate', 'endDate', 'school', 'location', 'major', 'attainment', 'gpa'],
  jobs: ['startDate', 'endDate', 'unitName', 'title', 'content'],
  languageScores: [
    'testType',
    'testDate',
    'futureBooking',
    'registrationNo',
    'isUkvi',
    'candidateId',
    'reportFormNo',
    'testName',
    'listening',
    'reading',
    'writing',
    'speaking',
    'total',
  ],
  referrers: [
    'webPush',
    'lastName',
    'firstName',
    'areaCode',
    'mobile',
    'gender',
    'position',
    'email',
    'unit',
    'address',
    'postcode',
  ],
  targetSchools: [
    'school',
    'major',
    'ucasCode',
    'applicationDate',
    'majorLink',
    'cycleId',
    'route',
    'institutionCode',
    'subjectArea',
    'decision',
    'reply',
  ],
} as const;

export type ListFilter = {
  keyword?: string | null | undefined;
  status?: string | null | undefined;
  teacherId?: number | null | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
  sortField: 'applicationDate' | 'createdAt' | 'name' | 'status';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  // Keyset ("seek") paging for the default order: the page starts after this row (its applicationDate and id).
  after?: { applicationDate: string; id: number } | null | undefined;
};

// A keyword matching at least 1/WALK_SHARE of the live rows is read by walking the list's order.
const WALK_SHARE = 200;

// Only the status narrows the list: the maintained counter answers the total without counting rows.
const countedByStatus = (f: ListFilter) => !f.keyword && !f.teacherId && !f.dateFrom && !f.dateTo;

// From this offset on, an unfiltered page by number starts at the date the per-date counters point to.
const DAY_SEEK_FROM = 1000;

export function createApplicationRepository(db: Db) {
  const transaction = <T>(fn: (tx: Open) => Promise<T>): Promise<T> => runInTransaction(db, fn);
  function filtered(f: ListFilter) {
    let q = db.selectFrom('application').where('application.deletedAt', 'is', null);
    // With a keyword, the selective keyword lookup must drive the plan: the other filters then compare an
    // expression (col || '') that no index serves, so neither engine walks every row of a status instead.
    const col = (c: 'application.status' | 'application.applicationDate') =>
      f.keyword ? sql<string>`${sql.ref(c)} || ''` : sql.ref<string>(c);
    if (f.status) q = q.where(col('application.status'), '=', f.status);
    if (f.teacherId) {
      const t = f.teacherId;
      q = q.where((eb) =>
        eb.or([eb('application.signingTeacherId', '=', t), eb('application.followTeacherId', '=', t)]),
      );
    }
    if (f.dateFrom) q = q.where(col('application.applicationDate'), '>=', f.dateFrom);
    if (f.dateTo) q = q.where(col('application.applicationDate'), '<=', f.dateTo);
    const trigram = f.keyword ? applicationHolds(db, keywordWords(f.keyword)) : null;
    if (trigram) {
      // A word of three characters or more: the search box's matching (any part of any name, the passport, e-mail
      // or phone, through the trigram index).
      q = q.where(trigram);
    } else if (f.keyword) {
      // One- or two-character words: the ids matching any of four indexed lookups (name prefix, English
      // name prefix, exact passport, exact e-mail), so the plan does not depend on table statistics.
      const k = searchKey(f.keyword);
      const upper = k.replace(/\s+/g, '').toUpperCase();
      const live = () => db.selectFrom('application as s').select('s.id').where('s.deletedAt', 'is', null);
      const matches = live()
        .where('s.searchName', '>=', k)
        .where('s.searchName', '<', prefixEnd(k))
        .union(live().where('s.searchEng', '>=', k).where('s.searchEng', '<', prefixEnd(k)))
        .union(live().where('s.passportKey', '=', upper))
        .union(live().where('s.emailKey', '=', k));
      q = q.where('application.id', 'in', matches);
    }
    return q;
  }

  // The keyword's four lookups as conditions on one row (alias s).
  function keywordHits(keyword: string) {
    const k = searchKey(keyword);
    const upper = k.replace(/\s+/g, '').toUpperCase();
    const end = prefixEnd(k);
    return {
      name: sql<SqlBool>`(s.search_name >= ${k} and s.search_name < ${end})`,
      eng: sql<SqlBool>`(s.search_eng >= ${k} and s.search_eng < ${end})`,
      passport: sql<SqlBool>`s.passport_key = ${upper}`,
      email: sql<SqlBool>`s.email_key = ${k}`,
    };
  }

  // How many live rows the keyword matches: each lookup counts only the rows no earlier lookup matched, so the
  // four counts add up without a union (index-only for the name prefix, the one that can be large). The name
  // matches of a one-character keyword (a surname, possibly a large share of the table) are the trigger-kept count
  // of live names starting with it (list_count 'application_initial', migration 0034).
  async function keywordCount(keyword: string): Promise<number> {
    const trigram = applicationHolds(db, keywordWords(keyword));
    if (trigram) {
      const r = await db
        .selectFrom('application')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('application.deletedAt', 'is', null)
        .where(trigram)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    }
    const h = keywordHits(keyword);
    const k = searchKey(keyword);
    const byInitial = [...k].length === 1;
    const not = (...c: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(c, sql` or `)}) is not true`;
    const part = (hit: RawBuilder<SqlBool>, ...earlier: RawBuilder<SqlBool>[]) =>
      sql`select count(*) as n from application as s where s.deleted_at is null and ${hit}${
        earlier.length ? sql` and ${not(...earlier)}` : sql``
      }`;
    const parts = [part(h.eng, h.name), part(h.passport, h.name, h.eng), part(h.email, h.name, h.eng, h.passport)];
    const [{ rows }, names] = await Promise.all([
      sql<{ n: number | string }>`${sql.join(byInitial ? parts : [part(h.name), ...parts], sql` union all `)}`.execute(
        db,
      ),
      byInitial ? listCount(db, 'application_initial', k) : 0,
    ]);
    return rows.reduce((sum, r) => sum + Number(r.n), names);
  }

  // The page of a keyword that matches a large share of the table: the list's order drives (its index), each row
  // is tested against the keyword (expressions no index serves, so the planner cannot pick the keyword instead).
  function walked(f: ListFilter) {
    const k = searchKey(f.keyword!);
    const end = prefixEnd(k);
    const upper = k.replace(/\s+/g, '').toUpperCase();
    const opaque = (c: string) => sql<string>`(${sql.ref(`application.${c}`)} || '')`;
    return db
      .selectFrom('application')
      .where('application.deletedAt', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb(opaque('searchName'), '>=', k), eb(opaque('searchName'), '<', end)]),
          eb.and([eb(opaque('searchEng'), '>=', k), eb(opaque('searchEng'), '<', end)]),
          eb(opaque('passportKey'), '=', upper),
          eb(opaque('emailKey'), '=', k),
        ]),
      );
  }

  // The application date on which row number `offset` (0-based, in the list's date order, of one status when
  // given) lies, and how many rows of that date come before it: from the per-date counters (application_day_count,
  // maintained by triggers), a row per date and status.
  async function dayOfOffset(
    order: 'asc' | 'desc',
    offset: number,
    status: string | null | undefined,
  ): Promise<{ day: string; skip: number } | null> {
    // Dates in the list's order along the counters' primary key (day, status), a chunk at a time: a deep page reads
    // as many counter rows as it has dates (times statuses) before it, never the table.
    const CHUNK = 256;
    let before = 0;
    let last: string | null = null;
    for (;;) {
      let q = db
        .selectFrom('applicationDayCount')
        .select((eb) => ['day', eb.fn.sum<number | string>('n').as('n')])
        .groupBy('day')
        .orderBy('day', order)
        .limit(CHUNK);
      if (status) q = q.where('status', '=', status);
      if (last !== null) q = q.where('day', order === 'desc' ? '<' : '>', last);
      const rows = await q.execute();
      for (const r of rows) {
        const n = Number(r.n);
        if (before + n > offset) return { day: r.day, skip: offset - before };
        before += n;
      }
      if (rows.length < CHUNK) return null;
      last = rows[rows.length - 1]!.day;
    }
  }

  const sortColumn = {
    applicationDate: 'application.applicationDate',
    createdAt: 'application.createdAt',
    name: 'application.searchName',
    status: 'application.status',
  } as const;

  return {
    // Writes that must commit together (the record, its children, the student it creates) run in here.
    transaction,

    // The list's filters as a query of live applications (the board's columns read the table's rows through it).
    filtered,

    async list(f: ListFilter) {
      const keywordOnly = !!f.keyword && !f.status && !f.teacherId && !f.dateFrom && !f.dateTo;
      let total: number;
      let walkOrder = false;
      if (keywordOnly) {
        // A keyword alone: count its four lookups as disjoint sets (no de-duplication of a large union), and
        // when it matches a large share of the table (a common one-character surname), read the page by walking
        // the list's order and testing each row, which meets 20 matches after a few hundred rows.
        const [matches, all] = await Promise.all([keywordCount(f.keyword!), listCount(db, 'application')]);
        total = matches;
        // (Only for the short lookups: a trigram keyword is read through its index.)
        walkOrder =
          !applicationHolds(db, keywordWords(f.keyword!)) &&
          matches * WALK_SHARE >= all &&
          f.offset + f.limit <= matches;
      }
      let page = walkOrder ? walked(f) : filtered(f);
      let offset = f.after ? 0 : f.offset;
      if (offset > 0 && !f.keyword) {
        // A page by number: skip the offset over the order's covering index (ids only), then read those 20 rows.
        // Unfiltered or by status in the date order, the per-date counters first find the date where the page
        // starts, so only that date's rows are skipped however deep the page.
        let from = filtered(f);
        if (offset >= DAY_SEEK_FROM && countedByStatus(f) && f.sortField === 'applicationDate') {
          const start = await dayOfOffset(f.order, offset, f.status);
          if (start) {
            from = from.where('application.applicationDate', f.order === 'desc' ? '<=' : '>=', start.day);
            offset = start.skip;
          }
        }
        const ids = from
          .select('application.id')
          .orderBy(sortColumn[f.sortField], f.order)
          .orderBy('application.id', f.order)
          .limit(f.limit)
          .offset(offset);
        // (Not filtered again: without deleted_at in its WHERE no partial index is eligible, so the planner
        // reads the 20 rows by primary key instead of walking an index to find them.)
        page = db.selectFrom('application').where('application.id', 'in', ids);
        offset = 0;
      }
      if (f.after && f.sortField === 'applicationDate') {
        // Seek: rows strictly after the cursor in (applicationDate, id) order, read straight from the index.
        const a = f.after;
        page = page.where((eb) =>
          eb(
            eb.refTuple('application.applicationDate', 'application.id'),
            f.order === 'desc' ? '<' : '>',
            eb.tuple(a.applicationDate, a.id),
          ),
        );
      }
      const rowsQuery = page
        .select([
          'application.id',
          'application.name',
          'application.engLastName',
          'application.engFirstName',
          'application.email',
          'application.passportNo',
          'application.status',
          'application.applicationDate',
          'application.createdAt',
          'application.signingTeacherId',
          'application.followTeacherId',
        ])
        .orderBy(sortColumn[f.sortField], f.order)
        .orderBy('application.id', f.order)
        .limit(f.limit)
        .offset(offset)
        .execute();
      if (keywordOnly) return { rows: await rowsQuery, total: total! };
      const totalQuery = countedByStatus(f)
        ? listCount(db, 'application', f.status)
        : filtered(f)
            .select((eb) => eb.fn.countAll<number | string>().as('total'))
            .executeTakeFirstOrThrow()
            .then((r) => Number(r.total));
      const [rows, count] = await Promise.all([rowsQuery, totalQuery]);
      return { rows, total: count };
    },

    // The SQL of the list's page query, for the bench's EXPLAIN.
    listSql(f: ListFilter) {
      return filtered(f)
        .select(['application.id', 'application.name', 'application.status', 'application.applicationDate'])
        .orderBy(sortColumn[f.sortField], f.order)
        .orderBy('application.id', f.order)
        .limit(f.limit)
        .offset(f.offset)
        .compile();
    },

    countSql(f: ListFilter) {
      return filtered(f)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .compile();
    },

    targetSchoolNames(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('applicationTargetSchool')
        .select(['applicationId', 'school'])
        .where('applicationId', 'in', ids)
        .orderBy('applicationId')
        .orderBy('sort')
        .execute();
    },

    find(id: number, tx: Tx = db): Promise<ApplicationRow | undefined> {
      return tx
        .selectFrom('application')
        .select(APPLICATION_COLUMNS)
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },

    async children(id: number): Promise<ChildRows> {
      const out = {} as Record<keyof ChildRows, unknown[]>;
      for (const key of Object.keys(CHILD_TABLES) as (keyof ChildRows)[]) {
        out[key] = await db
          .selectFrom(CHILD_TABLES[key])
          .select([...CHILD_COLUMNS[key]] as never[])
          .where('applicationId', '=', id)
          .orderBy('sort')
          .execute();
      }
      return out as ChildRows;
    },

    async insert(tx: Tx, values: ApplicationValues, now: number): Promise<number> {
      const row = await tx
        .insertInto('application')
        .values({ ...values, ...searchColumns(values), version: 1, createdAt: now, updatedAt: now, deletedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    // Optimistic lock: the row changes only when its version is still the one the caller read.
    async updateVersioned(
      tx: Tx,
      id: number,
      version: number | null,
      values: Partial<ApplicationValues>,
      now: number,
    ): Promise<boolean> {
      let q = tx
        .updateTable('application')
        .set({ ...values, version: sql<number>`version + 1`, updatedAt: now })
        .where('id', '=', id)
        .where('deletedAt', 'is', null);
      if (version !== null) q = q.where('version', '=', version);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async setSearchColumns(tx: Tx, id: number) {
      const row = await tx
        .selectFrom('application')
        .select(['name', 'engLastName', 'engFirstName', 'formerName', 'passportNo', 'email', 'mobile'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await tx.updateTable('application').set(searchColumns(row)).where('id', '=', id).execute();
    },

    async replaceChildren(tx: Tx, id: number, rows: ChildRows) {
      for (const key of Object.keys(CHILD_TABLES) as (keyof ChildRows)[]) {
        const table = CHILD_TABLES[key];
        await tx.deleteFrom(table).where('applicationId', '=', id).execute();
        const list = rows[key];
        if (list.length) {
          await tx
            .insertInto(table)
            .values(list.map((r, i) => ({ ...r, applicationId: id, sort: i + 1 })) as never)
            .execute();
        }
      }
    },

    version(id: number, tx: Tx = db) {
      return tx
        .selectFrom('application')
        .select('version')
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },
  };
}
export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
export type ListRow = Awaited<ReturnType<ApplicationRepository['list']>>['rows'][number];
