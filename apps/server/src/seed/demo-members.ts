import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MemberTable } from '../db/schema.js';
import { hashPassword, withSearchText } from '../modules/member/index.js';
import { countDemoRows } from './demo-rows.js';

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

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

// A valid mobile for the region, unique for each index (see packages/shared/src/phone.ts).
function mobileOf(i: number): { areaCode: string; mobile: string } {
  switch (i % 5) {
    case 0:
      return { areaCode: '44', mobile: `7${pad(i, 9)}` };
    case 1:
      return { areaCode: '86', mobile: `13${pad(i, 9)}` };
    case 2:
      return { areaCode: '852', mobile: `9${pad(i % 10_000_000, 7)}` };
    case 3:
      return { areaCode: '886', mobile: `9${pad(i, 8)}` };
    default:
      return { areaCode: '65', mobile: `8${pad(i % 10_000_000, 7)}` };
  }
}

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
// 90% staff (holding ROLE_CONSULTANT), 10% students; registration times spread over two years.
export async function seedDemoMembers(db: Db, count: number, opts: DemoOptions = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 1000;
  const now = opts.now ?? Date.now();
  const log = opts.log ?? (() => undefined);
  const start = await countDemoRows(db, 'member', 'email', `%@${DEMO_EMAIL_DOMAIN}`);
  if (start >= count) return 0;
  const roleId = await ensureRole(db, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const twoYears = 2 * 365 * 24 * 3600 * 1000;

  for (let from = start; from < count; from += batchSize) {
    const to = Math.min(count, from + batchSize);
    const rows: Insertable<MemberTable>[] = [];
    for (let i = from; i < to; i++) {
      const last = pick(LAST, i);
      const first = pick(FIRST, Math.floor(i / LAST.length));
      const createdAt = now - Math.floor((((i * 7919) % 100_000) / 100_000) * twoYears);
      rows.push(
        withSearchText({
          email: `${first.toLowerCase().replace(/ /g, '')}.${last.toLowerCase()}.${i}@${DEMO_EMAIL_DOMAIN}`,
          ...mobileOf(i),
          passwordHash,
          status: i % 13 === 0 ? ('inactive' as const) : ('active' as const),
          identityStatus: i % 3 === 0 ? ('unverified' as const) : ('verified' as const),
          memberType: i % 10 === 9 ? ('student' as const) : ('staff' as const),
          engLastName: last,
          engFirstName: first,
          fullName: `${pick(SURNAME_ZH, i)}${pick(GIVEN_ZH, Math.floor(i / 7))}`,
          nickName: i % 4 === 0 ? pick(NICK, i) : null,
          failedLogins: 0,
          createdAt,
          updatedAt: createdAt,
        }),
      );
    }
    // One transaction per batch: fast, and an interrupted run resumes where it stopped.
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto('member').values(rows).returning(['id', 'memberType']).execute();
      const staff = ids.filter((r) => r.memberType === 'staff').map((r) => ({ memberId: r.id, roleId }));
      if (staff.length) await trx.insertInto('memberRole').values(staff).execute();
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

export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}
