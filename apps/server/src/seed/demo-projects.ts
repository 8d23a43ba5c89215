import type { Db } from '../db/database.js';
import { activeStaffIds } from './demo-members.js';
import { countDemoRows } from './demo-rows.js';

// Demo projects with members and shares, KPI types, tasks in every status and the contribution records of the done
// ones spread over the past 30 days (issue 21), so the project, task and KPI screens have something to show.
// Idempotent: demo projects are marked by their name prefix; a second run adds only the missing ones.
export const DEMO_PROJECT_PREFIX = 'Demo project';

const KPI_TYPES = [
  { nameTw: '遞交申請', nameCn: '递交申请', nameEn: 'Applications submitted', unit: 'applications', weight: 100 },
  { nameTw: '取得錄取', nameCn: '取得录取', nameEn: 'Offers received', unit: 'offers', weight: 200 },
  { nameTw: '簽約', nameCn: '签约', nameEn: 'Contracts signed', unit: 'contracts', weight: 300 },
];
const PROGRAMMES = ['Oxbridge cohort', 'London law', 'Medicine interviews', 'Art foundation', 'Engineering MSc'];
const TASKS = [
  'Check personal statement',
  'Submit UCAS form',
  'Book mock interview',
  'Collect references',
  'Pay deposit',
];
const STATUSES = ['todo', 'doing', 'review', 'done', 'done', 'cancelled'] as const;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedDemoProjects(db: Db, count: number, now = Date.now()): Promise<number> {
  const have = await countDemoRows(db, 'project', 'name', `${DEMO_PROJECT_PREFIX}%`);
  if (have >= count) return 0;

  const kpiIds: number[] = [];
  for (const k of KPI_TYPES) {
    const found = await db.selectFrom('kpiType').select('id').where('nameEn', '=', k.nameEn).executeTakeFirst();
    kpiIds.push(
      found?.id ??
        (
          await db
            .insertInto('kpiType')
            .values({ ...k, createdAt: now, updatedAt: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    );
  }
  const staff = await activeStaffIds(db);
  if (!staff.length) return 0;

  for (let i = have; i < count; i++) {
    await db.transaction().execute(async (tx) => {
      const name = `${DEMO_PROJECT_PREFIX} ${i + 1}: ${PROGRAMMES[i % PROGRAMMES.length]}`;
      const projectId = (
        await tx
          .insertInto('project')
          .values({
            name,
            description: 'Demo data (npm run seed:demo)',
            status: i % 4 === 3 ? 'planning' : 'active',
            startDate: isoDay(now - 60 * DAY),
            endDate: isoDay(now + 240 * DAY),
            ownerId: staff[0]!,
            createdBy: staff[0]!,
            createdAt: now - (count - i) * DAY,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Up to four members: the first is the manager; shares 40/30/20/10 (100 % in all).
      const members = [...new Set([staff[0]!, ...[1, 2, 3].map((k) => staff[(i + k) % staff.length]!)])];
      const shares = [4000, 3000, 2000, 1000];
      await tx
        .insertInto('projectMember')
        .values(
          members.map((memberId, k) => ({
            projectId,
            memberId,
            projectRole: k === 0 ? ('manager' as const) : ('member' as const),
            shareBp: shares[k]!,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
      for (let j = 0; j < 10; j++) {
        const status = STATUSES[(i + j) % STATUSES.length]!;
        const assigneeId = members[j % members.length]!;
        const kpiTypeId = kpiIds[j % kpiIds.length]!;
        const points = 1 + ((i * 7 + j * 3) % 5);
        const doneAt = status === 'done' ? now - ((i * 3 + j * 5) % 30) * DAY : null;
        const taskId = (
          await tx
            .insertInto('task')
            .values({
              projectId,
              title: `${TASKS[j % TASKS.length]} (${j + 1})`,
              assigneeId,
              dueDate: isoDay(now + ((j * 4) % 40) * DAY - 10 * DAY),
              status,
              kpiTypeId,
              points,
              doneAt,
              createdBy: staff[0]!,
              createdAt: now - 40 * DAY + j * DAY,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        if (doneAt !== null) {
          await tx
            .insertInto('contribution')
            .values({
              memberId: assigneeId,
              projectId,
              taskId,
              kpiTypeId,
              title: `${TASKS[j % TASKS.length]} (${j + 1})`,
              points,
              contributedOn: isoDay(doneAt),
              createdAt: doneAt,
            })
            .execute();
        }
      }
      const rules = 'Weekly review on Mondays.\nShares follow the fixed ratios of the members.';
      await tx
        .insertInto('projectConstitution')
        .values({ projectId, revision: 1, content: rules, createdBy: staff[0]!, createdAt: now })
        .execute();
    });
  }
  return count - have;
}
