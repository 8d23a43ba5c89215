import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { hashPassword } from '../modules/member/index.js';
import { countDemoRows, sqlCount, sqlList as list, sqlPadded } from './demo-rows.js';

// Demo data only: every demo member's e-mail ends with this domain, which makes the seed resumable.
export const DEMO_EMAIL_DOMAIN = 'demo.study-crm.test';
export const DEMO_PASSWORD = 'Demo#2026pass';
export const DEMO_ROLE_NAME = 'ROLE_CONSULTANT';

const LAST = [
  'Chan',
  'Wong',
  'Li',
  'Cheung',
  'Lau',
  'Chen',
  'Lin',
  'Huang',
  'Zhang',
  'Liu',
  'Ho',
  'Ng',
  'Leung',
  'Tsang',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Kim',
  'Park',
  'Tan',
  'Lim',
  'Lee',
  'Yip',
  'Kwok',
  'Tang',
  'Fung',
  'Chow',
  'Yeung',
  'Mak',
  'Poon',
  'Lo',
];
const FIRST = [
  'Wing',
  'Ka Man',
  'Mei Ling',
  'Tai Man',
  'Siu Ming',
  'Hoi Yan',
  'Wei',
  'Xiaoming',
  'Jing',
  'Yu',
  'Hao',
  'Oliver',
  'Amelia',
  'Harry',
  'Isla',
  'Jack',
  'Ava',
  'George',
  'Mia',
  'Noah',
  'Grace',
  'Leo',
  'Chloe',
  'Ethan',
  'Sophie',
  'Lucas',
  'Emily',
  'Ryan',
  'Hannah',
  'Jason',
  'Karen',
  'Kelvin',
  'Vivian',
  'Winnie',
  'Ivan',
];
const SURNAME_ZH = ['陳', '黃', '李', '張', '劉', '林', '王', '吳', '何', '吳', '梁', '鄭', '謝', '郭', '曾'];
const GIVEN_ZH = ['家明', '嘉欣', '志強', '美玲', '子軒', '雅婷', '俊傑', '詠詩', '浩然', '曉彤', '偉霆', '心怡'];
const NICK = ['Ace', 'Bee', 'Coco', 'Dino', 'Echo', 'Fifi', 'Gigi', 'Hugo', 'Iris', 'Jojo'];

async function ensureRole(db: Db, now: number): Promise<number> {
  const found = await db.selectFrom('role').select('id').where('name', '=', DEMO_ROLE_NAME).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('role')
    .values({ name: DEMO_ROLE_NAME, cnName: '顧問', kind: 'assignment', isBuiltin: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type DemoOptions = { batchSize?: number; now?: number; log?: (line: string) => void };

// Adds demo members until `count` of them exist: names, e-mails and mobiles look real and are unique.
// 90% staff (holding ROLE_CONSULTANT), 10% students; registration times spread over two years. Member i's fields
// are functions of i alone, generated in the database a chunk per statement (decision 240, as applications are,
// decision 219): the rows go through every trigger (counters, FTS, grams) as the member module's inserts do, and
// the search text is written as personSearchText (packages/shared) writes it for these ASCII and Chinese names.
export async function seedDemoMembers(db: Db, count: number, opts: DemoOptions = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 20_000;
  const now = opts.now ?? Date.now();
  const log = opts.log ?? (() => undefined);
  const start = await countDemoRows(db, 'member', 'email', `%@${DEMO_EMAIL_DOMAIN}`);
  if (start >= count) return 0;
  const roleId = await ensureRole(db, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Registration times: (i × 7919 mod 100,000) hundred-thousandths of two years before now.
  const twoYearsPer100k = (2 * 365 * 24 * 3600 * 1000) / 100_000;
  const n = (expr: string) => sql.raw(expr);
  for (let from = start; from < count; from += batchSize) {
    const to = Math.min(count, from + batchSize);
    // One transaction per chunk: an interrupted run resumes where it stopped.
    await db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('member')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      await sql`insert into member (login_name, email, area_code, mobile, password_hash, status, identity_status,
          member_type, eng_last_name, eng_first_name, full_name, nick_name, avatar, failed_logins, search_text,
          locked_until, created_at, updated_at, deleted_at)
        with recursive ${sqlCount(from, to)}, ${list('la', LAST)}, ${list('fi', FIRST)}, ${list('sz', SURNAME_ZH)},
          ${list('gz', GIVEN_ZH)}, ${list('ni', NICK)},
        p as (select g.n, (select la.v from la where la.i = g.n % ${sql.lit(LAST.length)}) as last,
            (select fi.v from fi where fi.i = g.n / ${sql.lit(LAST.length)} % ${sql.lit(FIRST.length)}) as first,
            (select sz.v from sz where sz.i = g.n % ${sql.lit(SURNAME_ZH.length)})
              || (select gz.v from gz where gz.i = g.n / 7 % ${sql.lit(GIVEN_ZH.length)}) as full_name
          from g),
        r as (select p.n, p.last, p.first, p.full_name,
            case when p.n % 4 = 0 then (select ni.v from ni where ni.i = p.n % ${sql.lit(NICK.length)}) end as nick,
            lower(replace(p.first, ' ', '')) || '.' || lower(p.last) || '.' || cast(p.n as varchar(20))
              || ${sql.lit(`@${DEMO_EMAIL_DOMAIN}`)} as email,
            case p.n % 5 when 0 then '44' when 1 then '86' when 2 then '852' when 3 then '886' else '65' end as area_code,
            case p.n % 5 when 0 then '7' || ${sqlPadded('p.n', 9)} when 1 then '13' || ${sqlPadded('p.n', 9)}
              when 2 then '9' || ${sqlPadded(n('p.n % 10000000'), 7)} when 3 then '9' || ${sqlPadded('p.n', 8)}
              else '8' || ${sqlPadded(n('p.n % 10000000'), 7)} end as mobile,
            ${sql.lit(now)} - (p.n * 7919 % 100000) * ${sql.lit(twoYearsPer100k)} as created_at
          from p)
        select null, r.email, r.area_code, r.mobile, ${passwordHash},
          case when r.n % 13 = 0 then 'inactive' else 'active' end,
          case when r.n % 3 = 0 then 'unverified' else 'verified' end,
          case when r.n % 10 = 9 then 'student' else 'staff' end,
          r.last, r.first, r.full_name, r.nick, null, 0,
          lower(r.last || ' ' || r.first) || ' ' || r.full_name || coalesce(' ' || lower(r.nick), '') || ' ' || r.email
            || ' ' || r.mobile,
          null, r.created_at, r.created_at, null
        from r order by r.n`.execute(tx);
      await sql`insert into member_role (member_id, role_id)
        select id, ${sql.lit(roleId)} from member where id > ${Number(before?.m ?? 0)} and member_type = 'staff'
          and email like ${`%@${DEMO_EMAIL_DOMAIN}`} order by id`.execute(tx);
    });
    if (to % 10_000 === 0 || to === count) log(`members: ${to}/${count}`);
  }
  return count - start;
}

// Fresh planner statistics after a bulk load.
// Up to `limit` active staff members, the first ones by id: the teachers and project members of the other demos.
export async function activeStaffIds(db: Db, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('member')
    .select('id')
    .where('memberType', '=', 'staff')
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
