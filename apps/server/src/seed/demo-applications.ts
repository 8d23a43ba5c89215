import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../db/database.js';
import { activeStaffIds } from './demo-members.js';
import {
  countDemoRows,
  sqlCount,
  sqlList as list,
  sqlPadded as padded,
  sqlPick as pick,
  sqlValues as table,
} from './demo-rows.js';

// Demo data for the applications screens and the list benchmark: realistic, deterministic rows generated in the
// database, a chunk per transaction. Idempotent: rows are marked by their e-mail domain, and only the missing count is added.
export const DEMO_EMAIL_DOMAIN = 'demo.study-crm.test';

const SURNAMES = [
  '陳',
  '林',
  '黃',
  '張',
  '李',
  '王',
  '吳',
  '劉',
  '蔡',
  '楊',
  '許',
  '鄭',
  '謝',
  '郭',
  '洪',
  '曾',
  '周',
  '賴',
];
const SURNAMES_EN = [
  'Chen',
  'Lin',
  'Huang',
  'Chang',
  'Lee',
  'Wang',
  'Wu',
  'Liu',
  'Tsai',
  'Yang',
  'Hsu',
  'Cheng',
  'Hsieh',
  'Kuo',
  'Hung',
  'Tseng',
  'Chou',
  'Lai',
];
const GIVEN = [
  '怡君',
  '冠宇',
  '雅婷',
  '家豪',
  '詩涵',
  '承恩',
  '宜蓁',
  '柏翰',
  '欣妤',
  '宇軒',
  '佳穎',
  '彥廷',
  '子晴',
  '俊傑',
  '思妤',
  '品睿',
];
const GIVEN_EN = [
  'Yi Chun',
  'Kuan Yu',
  'Ya Ting',
  'Chia Hao',
  'Shih Han',
  'Cheng En',
  'Yi Chen',
  'Po Han',
  'Hsin Yu',
  'Yu Hsuan',
  'Chia Ying',
  'Yen Ting',
  'Tzu Ching',
  'Chun Chieh',
  'Szu Yu',
  'Pin Jui',
];
const CITIES = ['Taipei', 'New Taipei', 'Taichung', 'Kaohsiung', 'Tainan', 'Hsinchu', 'Hong Kong', 'Macau'];
const SCHOOLS = [
  ['University College London', 'Computer Science', 'G400'],
  ['University of Edinburgh', 'Informatics', 'G500'],
  ["King's College London", 'Law', 'M100'],
  ['University of Manchester', 'Accounting and Finance', 'NN34'],
  ['University of Warwick', 'Economics', 'L100'],
  ['University of Bristol', 'Mechanical Engineering', 'H300'],
  ['London School of Economics', 'Management', 'N200'],
  ['University of Leeds', 'Media and Communication', 'P300'],
  ['University of Glasgow', 'Psychology', 'C800'],
  ['Durham University', 'Business', 'N100'],
] as const;
// Seeded dictionary values (dict.seed.ts): application_status, follow_service, language_test_type, business_type.
export const DEMO_STATUSES = [
  'draft',
  'submitted',
  'submitted',
  'processing',
  'offer_conditional',
  'offer_unconditional',
  'rejected',
  'enrolled',
];
export const DEMO_SERVICES = ['school_selection', 'application_submission', 'visa', 'accommodation', 'pre_departure'];
export const DEMO_TEST_TYPES = ['ielts_academic', 'ielts_ukvi'];
export const DEMO_BUSINESS_TYPE = 'postgraduate';

export type DemoResult = { inserted: number; total: number; ms: number };

export const DEMO_DAYS = 1400;
// The first day of the demo's date range (UTC midnight): DEMO_DAYS days ending today.
export const demoDayBase = (now = Date.now()) =>
  Math.floor(now / 86_400_000) * 86_400_000 - (DEMO_DAYS - 1) * 86_400_000;

// Rows n in [from, to) of the demo, generated in the database in one statement per table (issue 39's bench: a
// million rows in minutes): a recursive CTE counts n, literal tables give the names, a hash of n the choices. The
// rows go through every trigger (counters, FTS, grams) as the app's own writes do.
async function insertChunk(
  tx: Db,
  from: number,
  to: number,
  ctx: { teachers: number[]; dayBase: number; now: number },
): Promise<void> {
  const pg = isPostgres(tx);
  // An ISO day `k` days after `base` (YYYY-MM-DD).
  const day = (base: string, k: RawBuilder<unknown>) =>
    pg
      ? sql`to_char(date ${sql.lit(base)} + cast(${k} as integer), 'YYYY-MM-DD')`
      : sql`date(${sql.lit(base)}, '+' || ${k} || ' days')`;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const teachers = ctx.teachers.length ? ctx.teachers : [0];
  const teacher = (salt: number) =>
    ctx.teachers.length ? sql`(select t.id from t where t.i = ${pick(salt, teachers.length, 'r.n')})` : sql`null`;
  const before = await tx
    .selectFrom('application')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  const after = Number(before?.m ?? 0);
  await sql`insert into application (member_id, name, eng_last_name, eng_first_name, former_name, gender, religion,
      nationality, birthday, birthplace, passport_no, passport_issue_place, passport_issue_date, passport_expiry_date,
      area_code, mobile, landline, email, address_line1, address_line2, city, country, postcode, important_notes,
      application_date, status, signing_teacher_id, follow_teacher_id, search_name, search_eng, passport_key,
      email_key, search_text, version, created_at, updated_at, deleted_at)
    with recursive ${sqlCount(from, to)},
    ${table(
      'sn',
      ['i', 'zh', 'en'],
      SURNAMES.map((z, i) => [i, z, SURNAMES_EN[i]!]),
    )},
    ${table(
      'gv',
      ['i', 'zh', 'en'],
      GIVEN.map((z, i) => [i, z, GIVEN_EN[i]!]),
    )},
    ${list('c', CITIES, 'name')}, ${list('st', DEMO_STATUSES, 'status')}, ${list('t', teachers, 'id')},
    r as (select g.n, sn.zh as szh, sn.en as sen, gv.zh as gzh, gv.en as gen,
        'D' || ${padded('g.n', 8)} as passport,
        '9' || ${padded(sql`g.n % 100000000`, 8)} as mobile,
        lower(replace(gv.en, ' ', '')) || '.' || lower(sn.en) || cast(g.n as varchar(20)) || ${sql.lit(`@${DEMO_EMAIL_DOMAIN}`)} as email,
        ${pick(3, DEMO_DAYS)} as d
      from g join sn on sn.i = ${pick(1, SURNAMES.length)} join gv on gv.i = ${pick(2, GIVEN.length)})
    select null, r.szh || r.gzh, r.sen, r.gen, null,
      case when ${pick(4, 2, 'r.n')} = 0 then 'female' else 'male' end, null, 'Taiwan',
      ${day('2000-01-01', pick(5, 2500, 'r.n'))}, (select c.name from c where c.i = ${pick(6, CITIES.length, 'r.n')}),
      r.passport, 'Taipei', ${day('2020-01-01', pick(7, 1000, 'r.n'))}, ${day('2030-01-01', pick(8, 1000, 'r.n'))},
      '886', r.mobile, null, r.email,
      cast(1 + ${pick(9, 300, 'r.n')} as varchar(10)) || ' Zhongshan Road', null,
      (select c.name from c where c.i = ${pick(10, CITIES.length, 'r.n')}), 'Taiwan', ${padded(pick(11, 999, 'r.n'), 3)},
      case when ${pick(12, 5, 'r.n')} = 0 then 'Scholarship candidate' else null end,
      ${day(iso(ctx.dayBase), sql.raw('r.d'))}, (select st.status from st where st.i = ${pick(13, DEMO_STATUSES.length, 'r.n')}),
      ${teacher(14)}, ${teacher(15)},
      r.szh || r.gzh, lower(r.sen || ' ' || r.gen), r.passport, r.email,
      r.szh || r.gzh || ' ' || lower(r.sen || ' ' || r.gen) || ' ' || lower(r.passport) || ' ' || r.email || ' ' || r.mobile,
      1, ${sql.lit(ctx.dayBase)} + r.d * 86400000, ${sql.lit(ctx.now)}, null
    from r order by r.n`.execute(tx);
  // The children, read back by id (one writer: the rows after the largest id before this chunk).
  const apps = sql`(select a.id, cast(substr(a.passport_key, 2) as bigint) as n, a.created_at
    from application a where a.id > ${sql.lit(after)} and a.passport_key like 'D%') a`;
  await sql`insert into application_education (application_id, sort, start_date, end_date, school, location, major,
      attainment, gpa)
    select a.id, 1, '2019-09-01', '2023-06-30', 'National Taiwan University', 'Taipei, Taiwan', 'Business Administration',
      'BA', '3.' || ${padded(pick(16, 100, 'a.n'), 2)} from ${apps}`.execute(tx);
  await sql`insert into application_language_score (application_id, sort, test_type, test_date, future_booking,
      registration_no, is_ukvi, candidate_id, report_form_no, test_name, listening, reading, writing, speaking, total)
    select a.id, 1, case when u = 1 then ${sql.lit(DEMO_TEST_TYPES[1]!)} else ${sql.lit(DEMO_TEST_TYPES[0]!)} end, '2025-03-01', 0, null,
      u, null, null, case when u = 1 then 'IELTS for UKVI' else 'IELTS Academic' end, b, b, b, b, b
    from (select a.id, ${pick(17, 2, 'a.n')} as u, 5.5 + ${pick(18, 5, 'a.n')} * 0.5 as b from ${apps}) a`.execute(tx);
  await sql`insert into application_target_school (application_id, sort, school, major, ucas_code, application_date,
      major_link, decision)
    with ${table('k', ['k'], [[1], [2], [3]])},
      ${table(
        'sc',
        ['i', 'school', 'major', 'code'],
        SCHOOLS.map((x, i) => [i, ...x]),
      )}
    select a.id, k.k, sc.school, sc.major, sc.code, null, null, 'pending'
    from ${apps} join k on k.k <= 1 + ${pick(19, 3, 'a.n')}
      join sc on sc.i = ${pick(20, SCHOOLS.length, 'a.n * 3 + k.k')}`.execute(tx);
  const doneAt = (k: RawBuilder<unknown>) =>
    pg
      ? sql`least(${sql.lit(ctx.now)}, a.created_at + cast(${k} as bigint) * 604800000)`
      : sql`min(${sql.lit(ctx.now)}, a.created_at + cast(${k} as bigint) * 604800000)`;
  await sql`insert into follow_up (application_id, number, service, is_done, done_at, signing_teacher_id,
      follow_teacher_id, applied_school, attended_school, internal_note, contract_date, status, business_type,
      created_at, updated_at)
    with ${table('k', ['k'], [[1], [2], [3], [4]])},
      ${list('sv', DEMO_SERVICES, 'service')}
    select a.id, a.k, sv.service, a.d, case when a.d = 1 then ${doneAt(sql.raw('a.k'))} else null end, null, null,
      null, null, null, null, 'open', ${sql.lit(DEMO_BUSINESS_TYPE)}, a.created_at, ${sql.lit(ctx.now)}
    from (select a.id, a.created_at, k.k, case when ${pick(21, 5, 'a.n * 4 + k.k')} < 2 then 1 else 0 end as d
      from ${apps} join k on k.k <= ${pick(22, 5, 'a.n')}) a
      join sv on sv.i = (a.k - 1) % ${sql.lit(DEMO_SERVICES.length)}`.execute(tx);
}

export async function seedDemoApplications(db: Db, count: number, batchSize = 20_000): Promise<DemoResult> {
  const started = Date.now();
  const have = await countDemoRows(db, 'application', 'emailKey', `%@${DEMO_EMAIL_DOMAIN}`);
  const missing = Math.max(0, count - have);
  const teachers = await activeStaffIds(db);
  const now = Date.now();
  // 1,400 days ending today, so the dashboard's past 30 days hold data whenever the demo is seeded.
  const dayBase = demoDayBase();
  // One transaction per chunk: an interrupted run resumes where it stopped.
  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    await db.transaction().execute((tx) => insertChunk(tx, start, end, { teachers, dayBase, now }));
  }
  return { inserted: missing, total: have + missing, ms: Date.now() - started };
}
