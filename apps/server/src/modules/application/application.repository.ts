import { createHash } from 'node:crypto';
import { onTimeDeadlineOf, searchText, type PersonRef } from '@study-crm/shared';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Row } from '../../db/schema.js';
import { isPostgres, type Db } from '../../db/database.js';
import { carriedTotal, listCount, listCountSubquery } from '../../db/list-count.js';
import { compileOnce, compileShapes, idList, idsValue, type Slots } from '../../db/compiled.js';
import {
  allShortWords,
  liveSearched,
  searchGramsOfRow,
  searchTextShape,
  searchTextValues,
} from '../../db/sql-helpers.js';
import { applicationHolds, keywordWords } from './application-search.repository.js';
import { runInTransaction, type Conn, type Tx } from '../../db/transaction.js';
import { pageTotal } from '../../lib/paging.js';
import { firstPageLimit, windowed } from '../../db/page-rows.js';
import { namePerson, personPartsJson, type PersonParts } from '../people/index.js';

// Done and total follow-up items of one application.
export type FollowProgress = { done: number; total: number };

// Reads of other modules the list's page statement makes on PostgreSQL, given by the wiring (the follow-up module's
// progress; absent when the ratio counts more than follow-ups: VISA_STEPS_IN_RATIO).
export type ListCarried = { followProgress?: (applicationId: Expression<number>) => RawBuilder<FollowProgress> };

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

// A student as application rows name them (as the table stores them, decision 342): the student member when known,
// the passport number, e-mail and area code + mobile; and a course choice: school, course and admissions cycle (the
// intake; null when none is named, as an import names none).
export type StudentKeys = {
  memberId?: number | null;
  passportKey: string | null;
  emailKey: string | null;
  areaCode: string | null;
  mobile: string | null;
};
export type CourseChoice = { school: string; major: string | null; cycleId: number | null };

export type ChildRows = {
  educations: Omit<Database['applicationEducation'], 'id' | 'applicationId' | 'sort'>[];
  jobs: Omit<Database['applicationJob'], 'id' | 'applicationId' | 'sort'>[];
  languageScores: Omit<Database['applicationLanguageScore'], 'id' | 'applicationId' | 'sort'>[];
  referrers: Omit<Database['applicationReferrer'], 'id' | 'applicationId' | 'sort'>[];
  // deadlineKey is derived on write (replaceChildren), never given or read back.
  targetSchools: Omit<Database['applicationTargetSchool'], 'id' | 'applicationId' | 'sort' | 'deadlineKey'>[];
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
// PostgreSQL: a page by number skipping at most this many rows has its window written into its statement (the first
// ten pages of twenty; decision 324).
const NEAR_SKIP = 200;
// The dates the walk to such a page reads in its first statement, and at most in one.
const DAY_CHUNK_FIRST = 16;
const DAY_CHUNK_MAX = 1024;

// A choice as stored: with the cycle deadline it is on time by, from the shared rule the save warnings use, so the
// SQL of "this week" and the reminders read the same answer (none without a cycle: no deadline to be on time by).
const withDeadlineKey = (r: ChildRows['targetSchools'][number]) => ({
  ...r,
  deadlineKey: r.cycleId ? onTimeDeadlineOf(r) : null,
});

// A page row's target schools as its statement read them: parsed (PostgreSQL, null for none) or JSON text (SQLite).
const schoolsOfRow = (v: string[] | string | null): string[] =>
  v === null ? [] : typeof v === 'string' ? (JSON.parse(v) as string[]) : v;

// The statement of heldChoices; undefined when the student is known by nothing or no choice is given.
function heldChoicesQuery(tx: Conn, who: StudentKeys, choices: readonly CourseChoice[], exceptId?: number) {
  const live = () => tx.selectFrom('application').select('id').where('deletedAt', 'is', null);
  const parts = [
    ...(who.memberId ? [live().where('memberId', '=', who.memberId)] : []),
    ...(who.passportKey ? [live().where('passportKey', '=', who.passportKey)] : []),
    ...(who.emailKey ? [live().where('emailKey', '=', who.emailKey)] : []),
    ...(who.mobile && who.areaCode
      ? [live().where('mobile', '=', who.mobile).where('areaCode', '=', who.areaCode)]
      : []),
  ];
  const [first, ...rest] = parts;
  if (!first || !choices.length) return undefined;
  let q = tx
    .selectFrom('application as a')
    .innerJoin('applicationTargetSchool as ts', 'ts.applicationId', 'a.id')
    .select(['ts.applicationId', 'ts.school', 'ts.major', 'ts.cycleId'])
    .where(
      'a.id',
      'in',
      rest.reduce((q, r) => q.union(r), first),
    );
  if (exceptId !== undefined) q = q.where('a.id', '<>', exceptId);
  return q
    .where((eb) =>
      eb.or(
        choices.map((c) =>
          eb.and([
            eb('ts.school', '=', c.school),
            c.major === null ? eb('ts.major', 'is', null) : eb('ts.major', '=', c.major),
            // (No cycle is an intake of its own; not by application_target_school_cycle_ix, which imports miss.)
            eb(eb.fn.coalesce('ts.cycleId', eb.lit(0)), '=', c.cycleId ?? 0),
          ]),
        ),
      ),
    )
    .orderBy('ts.applicationId');
}

// The advisory lock keys of a student (PostgreSQL): one per key studentKeysOf gives (member, passport, e-mail,
// area code + mobile), a stable 64-bit hash of its kind and value, in ascending order, so that two transactions
// sharing keys take them in the same order and never wait for each other in a circle.
function studentLockKeys(who: StudentKeys): bigint[] {
  const named = [
    who.memberId ? `member:${who.memberId}` : null,
    who.passportKey ? `passport:${who.passportKey}` : null,
    who.emailKey ? `email:${who.emailKey}` : null,
    who.areaCode && who.mobile ? `mobile:${who.areaCode}:${who.mobile}` : null,
  ].filter((k): k is string => k !== null);
  const keys = named.map((k) => createHash('sha256').update(`application.student:${k}`).digest().readBigInt64BE(0));
  return [...new Set(keys)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

export function createApplicationRepository(db: Db, carried: ListCarried = {}) {
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => runInTransaction(db, fn);
  // The list's filters as a query of live applications. With `s` (a compiled shape, db/compiled.ts) every value is
  // taken from its slot (status, teacher, dateFrom, dateTo, k0, k1, … for the keyword's values) and `f` only
  // decides which filters there are.
  function filtered(f: ListFilter, s?: Slots<string>) {
    const words = f.keyword ? keywordWords(f.keyword) : [];
    const val = <T>(name: string, v: T): T => (s ? (s[name] as T) : v);
    let q = db.selectFrom('application').where(liveSearched('application', words));
    // With a keyword, the selective keyword lookup must drive the plan: the other filters then compare an
    // expression (col || '') that no index serves, so neither engine walks every row of a status instead.
    const col = (c: 'application.status' | 'application.applicationDate') =>
      f.keyword ? sql<string>`${sql.ref(c)} || ''` : sql.ref<string>(c);
    if (f.status) q = q.where(col('application.status'), '=', val('status', f.status));
    if (f.teacherId) {
      const t = val('teacher', f.teacherId);
      q = q.where((eb) =>
        eb.or([eb('application.signingTeacherId', '=', t), eb('application.followTeacherId', '=', t)]),
      );
    }
    if (f.dateFrom) q = q.where(col('application.applicationDate'), '>=', val('dateFrom', f.dateFrom));
    if (f.dateTo) q = q.where(col('application.applicationDate'), '<=', val('dateTo', f.dateTo));
    // The search box's matching (decision 182): any part of any name, the passport, e-mail or phone through the
    // trigram index; one- or two-character words, part of a name through application_gram (decision 217).
    if (words.length) q = q.where(applicationHolds(db, words, s ? (i) => s[`k${i}`] : undefined));
    return q;
  }

  // The values filtered(f)'s slots take, and the key of its SQL text: the filters present (the names of their
  // slots) and the keyword's shape. (A keyword of no words still compares the other filters opaquely.)
  const filterSlots = (f: ListFilter, words: readonly string[]) => {
    const values: Record<string, unknown> = {};
    if (f.status) values.status = f.status;
    if (f.teacherId) values.teacher = f.teacherId;
    if (f.dateFrom) values.dateFrom = f.dateFrom;
    if (f.dateTo) values.dateTo = f.dateTo;
    const key = `${f.keyword ? `k${searchTextShape(words)}` : ''}:${Object.keys(values).join(',')}`;
    searchTextValues(db, words).forEach((x, i) => (values[`k${i}`] = x));
    return { key, values };
  };

  // The list's statements, compiled once per shape (issue 43): Kysely's building and compiling cost more than
  // running them. A shape is `Shape` below; its key says all of it that the SQL text depends on.
  type Shape = {
    f: ListFilter;
    // The page: one short word's range of application_gram's date index (decision 313), walked in the list's order
    // testing each row's grams, or by number through the ids of the order's index (from a date the counters found),
    // or after a cursor.
    gramDate: boolean;
    walk: boolean;
    byNumber: boolean;
    fromDay: boolean;
    after: boolean;
    // PostgreSQL: the page's total read in the page's own statement (decision 269), from the maintained counter
    // (`counter`) or by counting the filter's rows (`filter`); '' when the caller has it already.
    // `gram`: one short word's key count in application_gram (both engines, with gramDate).
    total: '' | 'counter' | 'filter' | 'gram';
    // PostgreSQL, a first page: its limit written into the statement (db/page-rows.ts' firstPageLimit, decision 321);
    // a page by number from the date the counters found: its limit; a near page by number: its limit and the rows it
    // skips (`near`) written in (decision 324).
    first: number | null;
    near: number | null;
  };
  // One short word's page in the date order (decision 313): the ids of its range of application_gram's (gram,
  // application_date, id, status) index, of one status when given (decision 320), after the cursor when there is
  // one, skipping `skip` of them. The gram table holds live applications only, so nothing is tested on the rows.
  const gramStatus = (ofStatus: boolean, s: Slots<string>) => (ofStatus ? sql` and g.status = ${s.status}` : sql``);
  const gramDatePage = (shape: Shape, s: Slots<string>) => {
    const dir = sql.raw(shape.f.order === 'desc' ? 'desc' : 'asc');
    const after = shape.after
      ? sql` and (g.application_date, g.id) ${sql.raw(shape.f.order === 'desc' ? '<' : '>')} (${s.afterDate}, ${s.afterId})`
      : sql``;
    return sql`select g.id from application_gram g where g.gram = ${s.k0}${gramStatus(!!shape.f.status, s)}${after}
      order by g.application_date ${dir}, g.id ${dir} limit ${s.limit} offset ${s.skip}`;
  };
  // How many live rows hold one short word (of one status when given): its keys in application_gram, index-only.
  const gramTotal = (ofStatus: boolean, s: Slots<string>) =>
    sql<number | string>`(select count(*) from application_gram g where g.gram = ${s.k0}${gramStatus(ofStatus, s)})`;
  // A page whose limit is written in (a first or near page, or one from the date the counters found) filtered by
  // status alone, or by one short word (with a status or not) in the date order, is planned once for any values on
  // PostgreSQL (decision 324): its plan walks the same index whatever they are. (A walk, another deep page, a page
  // after a cursor, a teacher, dates or another keyword are planned with the call's values.)
  const planOnce = (shape: Shape) =>
    shape.first !== null &&
    !shape.walk &&
    !shape.after &&
    (shape.gramDate || !shape.f.keyword) &&
    !shape.f.teacherId &&
    !shape.f.dateFrom &&
    !shape.f.dateTo;
  // On PostgreSQL a statement costs a round trip and 60–80 µs of this process's CPU (docs/performance.md): the page
  // carries its total and the teachers' names too.
  const postgres = isPostgres(db);
  // On both engines the page carries each row's target schools in their order, from the (application_id, sort,
  // school) index: a JSON array that PostgreSQL answers parsed (null for none) and SQLite as text (decision 328).
  const schoolsJson = sql<string[] | string | null>`(select ${sql.raw(postgres ? 'json_agg' : 'json_group_array')}(
    t.school order by t.sort) from application_target_school t where t.application_id = application.id)`;
  const buildPage = (shape: Shape, s: Slots<string>) => {
    const { f } = shape;
    const order = f.order;
    let page = shape.gramDate
      ? db.selectFrom('application').where(sql<SqlBool>`${sql.ref('application.id')} in (${gramDatePage(shape, s)})`)
      : shape.walk
        ? db
            .selectFrom('application')
            .where('application.deletedAt', 'is', null)
            .where(
              searchGramsOfRow(
                'application',
                keywordWords(f.keyword!).map((_, i) => s[`k${i}`]),
              ),
            )
        : filtered(f, s);
    // The rows whose ids `from` gives in the list's order, after skipping `skip` of them: the ids are read from the
    // order's covering index, then only the page's rows. (Not filtered again: without deleted_at in its WHERE no
    // partial index is eligible, so the planner reads the rows by primary key instead of walking an index to find
    // them.)
    const byIds = (from: typeof page) =>
      db.selectFrom('application').where(
        'application.id',
        'in',
        from
          .select('application.id')
          .orderBy(sortColumn[f.sortField], order)
          .orderBy('application.id', order)
          .limit(shape.first === null ? s.limit! : sql.lit(shape.first))
          .offset(shape.near === null ? s.skip! : sql.lit(shape.near)),
      );
    if (shape.byNumber) {
      // A page by number: the offset skipped over the ids (from the date the counters found, when they did).
      let from = filtered(f, s);
      if (shape.fromDay) from = from.where('application.applicationDate', order === 'desc' ? '<=' : '>=', s.day!);
      page = byIds(from);
    }
    // Seek: rows strictly after the cursor in (applicationDate, id) order, read straight from the index.
    const seek = <Q extends typeof page>(q: Q) =>
      q.where((eb) =>
        eb(
          eb.refTuple('application.applicationDate', 'application.id'),
          order === 'desc' ? '<' : '>',
          eb.tuple(s.afterDate!, s.afterId!),
        ),
      );
    if (shape.walk && postgres)
      // PostgreSQL's walk reads ids only, tests each id's grams and then reads the page's rows: walking the index
      // with its rows read every row it passed (740 for '陳' at 100,000 rows) before testing it, 1.5 against 1.0 ms.
      // (SQLite tests an index entry before it reads the row.)
      page = byIds(shape.after ? seek(page) : page);
    // (One short word's page starts after the cursor in its own range of the index.)
    else if (shape.after && !shape.gramDate) page = seek(page);
    const ordered = page
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
      .select(schoolsJson.as('schools'))
      .$if(postgres, (q) =>
        q.select([
          // The teachers' names, and (when given) the follow-up progress, from their modules' subqueries.
          personPartsJson(sql.ref('application.signingTeacherId')).as('signingTeacher'),
          personPartsJson(sql.ref('application.followTeacherId')).as('followTeacher'),
        ]),
      )
      .$if(postgres && !!carried.followProgress, (q) =>
        q.select(carried.followProgress!(sql.ref('application.id')).as('followProgress')),
      )
      .$if(shape.total === 'counter', (q) =>
        q.select(listCountSubquery(db, 'application', f.status ? [s.status] : []).as('total')),
      )
      .$if(shape.total === 'gram', (q) => q.select(gramTotal(!!f.status, s).as('total')))
      .$if(shape.total === 'filter', (q) =>
        q.select(
          filtered(f, s)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .as('total'),
        ),
      )
      .orderBy(sortColumn[f.sortField], order)
      .orderBy('application.id', order);
    return windowed(ordered, shape.first, s.limit!, s.offset!);
  };
  const pageQuery = compileShapes(db, buildPage, planOnce);
  // What the page's statement read for other modules on PostgreSQL: the teachers' names (as the people module's
  // `names` answers them) and the follow-up progress (as `progressOf`: items of no row are not there). On SQLite,
  // nothing: the service reads them.
  type CarriedRow = {
    id: number;
    signingTeacher?: PersonParts | null;
    followTeacher?: PersonParts | null;
    followProgress?: FollowProgress | null;
  };
  const carriedOf = (
    rows: readonly CarriedRow[],
  ): { names?: Map<number, PersonRef>; progress?: Map<number, FollowProgress> } => {
    if (!postgres) return {};
    const names = new Map<number, PersonRef>();
    for (const r of rows) for (const p of [r.signingTeacher, r.followTeacher]) namePerson(names, p);
    if (!carried.followProgress) return { names };
    const progress = new Map<number, FollowProgress>();
    for (const r of rows) if (r.followProgress?.total) progress.set(r.id, r.followProgress);
    return { names, progress };
  };
  const countQuery = compileShapes(db, (f: ListFilter, s) =>
    filtered(f, s).select((eb) => eb.fn.countAll<number | string>().as('total')),
  );
  // gramTotal alone (a page past the end of one short word's matches).
  const gramTotalQuery = compileShapes(db, (f: ListFilter, s) => db.selectNoFrom(gramTotal(!!f.status, s).as('total')));
  // How many live rows one short word is part of (the number of its keys in application_gram, index-only) and how
  // many live rows there are (the maintained counter), in one statement.
  const gramCount = compileOnce(db, ['k0'], (s) =>
    db.selectNoFrom([gramTotal(false, s).as('total'), listCountSubquery(db, 'application').as('all')]),
  );

  const schoolsOf = compileOnce(db, ['ids'], (s) =>
    db
      .selectFrom('applicationTargetSchool')
      .select(['applicationId', 'school'])
      .where('applicationId', 'in', idList(db, s.ids))
      .orderBy('applicationId')
      .orderBy('sort'),
  );

  // A page's target schools, the ids as one parameter (compiled once, decision 225).
  async function targetSchoolNames(ids: number[]) {
    if (!ids.length) return [];
    return (await schoolsOf({ ids: idsValue(db, ids) })).rows;
  }

  // How many live rows the keyword matches, and how many live rows there are. One one- or two-character word: the
  // number of keys of that part in application_gram, which holds live rows only (index-only, however common the part,
  // decision 217), read with the other in one statement.
  async function keywordCounts(keyword: string): Promise<{ matches: number; all: number }> {
    const words = keywordWords(keyword);
    const [only] = words;
    if (words.length === 1 && only && allShortWords(words)) {
      const row = (await gramCount({ k0: only })).rows[0]!;
      return { matches: Number(row.total), all: Number(row.all ?? 0) };
    }
    const f = { keyword } as ListFilter;
    const { key, values } = filterSlots(f, words);
    const [matches, all] = await Promise.all([
      countQuery(key, f, values).then((r) => Number(r.rows[0]!.total)),
      listCount(db, 'application'),
    ]);
    return { matches, all };
  }

  // A chunk of dates in the list's order with their rows (of one status when given), after `last` when given.
  const dayChunk = compileShapes(db, ({ order }: { order: 'asc' | 'desc' }, s) => {
    let q = db
      .selectFrom('applicationDayCount')
      .select((eb) => ['day', eb.fn.sum<number | string>('n').as('n')])
      .groupBy('day')
      .orderBy('day', order)
      .limit(s.chunk!);
    if ('status' in s) q = q.where('status', '=', s.status!);
    if ('last' in s) q = q.where('day', order === 'desc' ? '<' : '>', s.last!);
    return q;
  });

  // The application date on which row number `offset` (0-based, in the list's date order, of one status when
  // given) lies, how many rows of that date come before it and how many that date holds: from the per-date counters
  // (application_day_count, maintained by triggers), a row per date and status.
  async function walkDays(
    order: 'asc' | 'desc',
    offset: number,
    status: string | null | undefined,
  ): Promise<{ day: string; skip: number; n: number } | null> {
    // Dates in the list's order along the counters' primary key (day, status), a chunk at a time: a deep page reads
    // as many counter rows as it has dates (times statuses) before it, never the table. The first chunk is small
    // and each next one four times larger: the last pages (walked from their end) need a date or two (decision 262).
    let chunk = DAY_CHUNK_FIRST;
    let before = 0;
    let last: string | null = null;
    for (;;) {
      const values: Record<string, unknown> = { chunk };
      if (status) values.status = status;
      if (last !== null) values.last = last;
      const { rows } = await dayChunk(`${order}|${Object.keys(values).join(',')}`, { order }, values);
      for (const r of rows) {
        const n = Number(r.n);
        if (before + n > offset) return { day: r.day, skip: offset - before, n };
        before += n;
      }
      if (rows.length < chunk) return null;
      last = rows[rows.length - 1]!.day;
      chunk = Math.min(chunk * 4, DAY_CHUNK_MAX);
    }
  }

  // The same from whichever end of the list is nearer (`total` rows in all): a page in the second half walks the
  // dates from the list's other end, so the last page reads as few counters as the first deep one.
  async function dayOfOffset(
    order: 'asc' | 'desc',
    offset: number,
    total: number,
    status: string | null | undefined,
  ): Promise<{ day: string; skip: number } | null> {
    if (offset * 2 < total) return walkDays(order, offset, status);
    const back = await walkDays(order === 'desc' ? 'asc' : 'desc', total - 1 - offset, status);
    return back && { day: back.day, skip: Math.max(0, back.n - 1 - back.skip) };
  }

  const sortColumn = {
    applicationDate: 'application.applicationDate',
    createdAt: 'application.createdAt',
    name: 'application.searchName',
    status: 'application.status',
  } as const;

  // Optimistic lock: the row changes only when its version is still the one the caller read (any version when
  // null). Its new version and its student, or undefined when nothing changed (another save came first, or no such
  // live row). A value left undefined keeps what the record has.
  async function updateVersioned(
    tx: Conn,
    id: number,
    version: number | null,
    values: Partial<ApplicationValues>,
    now: number,
  ): Promise<{ version: number; memberId: number | null } | undefined> {
    let q = tx
      .updateTable('application')
      .set({ ...values, version: sql<number>`version + 1`, updatedAt: now })
      .where('id', '=', id)
      .where('deletedAt', 'is', null);
    if (version !== null) q = q.where('version', '=', version);
    return q.returning(['version', 'memberId']).executeTakeFirst();
  }

  return {
    // Writes that must commit together (the record, its children, the student it creates) run in here.
    transaction,

    // The list's filters as a query of live applications (the board's columns read the table's rows through it).
    filtered,

    async list(f: ListFilter) {
      const words = f.keyword ? keywordWords(f.keyword) : [];
      const keywordOnly = !!f.keyword && !f.status && !f.teacherId && !f.dateFrom && !f.dateTo;
      let total: number | undefined;
      let walk = false;
      // One short word, alone or with a status, in the date order: its page is a range of the (gram,
      // application_date, id, status) index, and its total that range's key count (of the status), read in the
      // page's own statement.
      const gramDate =
        !!f.keyword &&
        !f.teacherId &&
        !f.dateFrom &&
        !f.dateTo &&
        words.length === 1 &&
        allShortWords(words) &&
        f.sortField === 'applicationDate';
      if (keywordOnly && !gramDate) {
        // A keyword alone: count its matches, and when a short keyword matches a large share of the table (a
        // common surname), read the page by walking the list's order and testing each row, which meets 20 matches
        // after a few hundred rows.
        const { matches, all } = await keywordCounts(f.keyword!);
        total = matches;
        // (Only for short words: a trigram keyword is read through its index.)
        walk = allShortWords(words) && matches * WALK_SHARE >= all && f.offset + f.limit <= matches;
      }
      const slots = filterSlots(f, words);
      const values: Record<string, unknown> =
        walk || gramDate ? Object.fromEntries(words.map((w, i) => [`k${i}`, w])) : { ...slots.values };
      if (gramDate && f.status) values.status = f.status;
      values.limit = f.limit;
      values.offset = f.after ? 0 : f.offset;
      // (PostgreSQL's walk skips the offset in its ids, decision 286.)
      if ((walk && postgres) || gramDate) [values.skip, values.offset] = [values.offset, 0];
      const byNumber = !f.after && f.offset > 0 && !f.keyword;
      let fromDay = false;
      if (byNumber) {
        // Unfiltered or by status in the date order, the per-date counters first find the date where the page
        // starts (from the nearer end of the list), so only that date's rows are skipped however deep the page;
        // a page past the last row reads no rows at all.
        values.skip = f.offset;
        values.offset = 0;
        if (f.offset >= DAY_SEEK_FROM && countedByStatus(f) && f.sortField === 'applicationDate') {
          total = await listCount(db, 'application', f.status);
          if (f.offset >= total) return { rows: [], total, schools: new Map<number, string[]>(), ...carriedOf([]) };
          const start = await dayOfOffset(f.order, f.offset, total, f.status);
          if (start) {
            fromDay = true;
            values.day = start.day;
            values.skip = start.skip;
          }
        }
      }
      const after = !!f.after && f.sortField === 'applicationDate';
      if (after) {
        values.afterDate = f.after!.applicationDate;
        values.afterId = f.after!.id;
      }
      // PostgreSQL reads the total in the page's statement when it is not known yet.
      const inline: Shape['total'] = gramDate
        ? 'gram'
        : !postgres || total !== undefined
          ? ''
          : countedByStatus(f)
            ? 'counter'
            : 'filter';
      // (A first page: not a walk, which skips its offset in ids, nor a page after a cursor. On PostgreSQL a page by
      // number has its limit written in too when it is near, skipping up to NEAR_SKIP rows from the list's start, with
      // its skip, or when it starts at the date the counters found, skipping that date's rows before it: either is then
      // planned once, where its values cost 0.4–0.5 ms of planning on every call, decision 324.)
      const near = postgres && byNumber && !fromDay && f.offset <= NEAR_SKIP ? f.offset : null;
      const first = near !== null || (postgres && fromDay) ? f.limit : walk || f.after ? null : firstPageLimit(db, f);
      const key = [
        gramDate ? (f.status ? 'gs' : 'g') : walk ? `w${words.length}` : slots.key,
        f.sortField,
        f.order,
        byNumber ? 'n' : '',
        fromDay ? 'd' : '',
        after ? 'a' : '',
        inline,
        first === null ? '' : `L${first}`,
        near === null ? '' : `S${near}`,
      ].join('|');
      const shape = { f, gramDate, walk, byNumber, fromDay, after, total: inline, first, near };
      const rowsQuery = pageQuery(key, shape, values).then((r) => r.rows);
      const totalQuery = () =>
        gramDate
          ? gramTotalQuery(f.status ? 'gs' : 'g', f, values).then((r) => Number(r.rows[0]!.total))
          : countedByStatus(f)
            ? listCount(db, 'application', f.status)
            : countQuery(slots.key, f, slots.values).then((r) => Number(r.rows[0]!.total));
      let rows: Awaited<typeof rowsQuery>;
      if (total !== undefined) rows = await rowsQuery;
      else if (inline) {
        rows = await rowsQuery;
        total = await carriedTotal(rows, f.offset === 0 && !after && !byNumber, totalQuery);
      } else {
        // A page that is not full tells the total (pageTotal); a page after a cursor starts where nobody counted.
        rows = await rowsQuery;
        total = pageTotal(rows.length, f.limit, after ? undefined : f.after ? 0 : f.offset) ?? (await totalQuery());
      }
      const schools = new Map(rows.map((r) => [r.id, schoolsOfRow(r.schools)]));
      return { rows, total, schools, ...carriedOf(rows) };
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

    targetSchoolNames,

    find(id: number, tx: Conn = db): Promise<ApplicationRow | undefined> {
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

    // The given course choices the student's live applications already hold, each with the application holding it
    // (the oldest first): the student's applications by member, passport, e-mail or mobile, each through its index
    // (application_member_ix, _passport_ix, _email_ix, _mobile_ix: a union, as SQLite takes an index per part of
    // one), their choices through application_target_school_app_ix.
    // `exceptId`: an application left out (an edit is checked against the student's other applications).
    async heldChoices(
      who: StudentKeys,
      choices: readonly CourseChoice[],
      tx: Conn = db,
      exceptId?: number,
    ): Promise<(CourseChoice & { applicationId: number })[]> {
      return (await heldChoicesQuery(tx, who, choices, exceptId)?.execute()) ?? [];
    },

    // One student's checked saves, one at a time until the transaction ends, on every app server: a lock per key of
    // the student (studentLockKeys), so that two saves that would hold the same course cannot both pass the check
    // (decision 372). SQLite runs one write transaction at a time already: nothing to do there.
    async lockStudent(tx: Tx, who: StudentKeys): Promise<void> {
      if (!postgres) return;
      // (One statement per key, in order: the order of a single statement's calls is the planner's.)
      for (const key of studentLockKeys(who))
        await sql`select pg_advisory_xact_lock(cast(${key.toString()} as bigint))`.execute(tx);
    },

    // A record's student keys (as studentKeysOf gives them) and course choices as stored, when the live record is
    // still at `version` (undefined otherwise: the save is then refused as a stale copy). One statement: the record
    // with its choices, one row per choice (one with no choice when it holds none).
    async choicesAt(
      tx: Conn,
      id: number,
      version: number,
    ): Promise<{ student: StudentKeys; choices: CourseChoice[] } | undefined> {
      const rows = await tx
        .selectFrom('application as a')
        .leftJoin('applicationTargetSchool as ts', 'ts.applicationId', 'a.id')
        .select(['a.memberId', 'a.passportKey', 'a.emailKey', 'a.areaCode', 'a.mobile'])
        .select(['ts.school', 'ts.major', 'ts.cycleId'])
        .where('a.id', '=', id)
        .where('a.version', '=', version)
        .where('a.deletedAt', 'is', null)
        .execute();
      const [r] = rows;
      if (!r) return undefined;
      // (A mobile is a key only with its area code, as studentKeysOf and heldChoices take it.)
      const phone = !!r.areaCode && !!r.mobile;
      return {
        student: {
          memberId: r.memberId,
          passportKey: r.passportKey,
          emailKey: r.emailKey,
          areaCode: phone ? r.areaCode : null,
          mobile: phone ? r.mobile : null,
        },
        choices: rows.flatMap((c) =>
          c.school === null ? [] : [{ school: c.school, major: c.major, cycleId: c.cycleId }],
        ),
      };
    },

    // Its SQL, for the plan's test.
    heldChoicesSql: (who: StudentKeys, choices: readonly CourseChoice[], exceptId?: number) =>
      heldChoicesQuery(db, who, choices, exceptId)?.compile(),

    async insert(tx: Conn, values: ApplicationValues, now: number): Promise<number> {
      const row = await tx
        .insertInto('application')
        .values({ ...values, ...searchColumns(values), version: 1, createdAt: now, updatedAt: now, deletedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    updateVersioned,

    // A save of the whole form: its values with their search columns, as insert writes them (one statement).
    updateForm: (tx: Conn, id: number, version: number | null, values: ApplicationValues, now: number) =>
      updateVersioned(tx, id, version, { ...values, ...searchColumns(values) }, now),

    async replaceChildren(tx: Conn, id: number, rows: ChildRows) {
      const written = { ...rows, targetSchools: rows.targetSchools.map(withDeadlineKey) };
      for (const key of Object.keys(CHILD_TABLES) as (keyof ChildRows)[]) {
        const table = CHILD_TABLES[key];
        await tx.deleteFrom(table).where('applicationId', '=', id).execute();
        const list = written[key];
        if (list.length) {
          await tx
            .insertInto(table)
            .values(list.map((r, i) => Object.assign({}, r, { applicationId: id, sort: i + 1 })) as never)
            .execute();
        }
      }
    },
  };
}
export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
export type ListRow = Awaited<ReturnType<ApplicationRepository['list']>>['rows'][number];
