import {
  APPLICATION_DICT,
  completionPercent,
  FOLLOW_DEFAULT_STATUS,
  FOLLOW_UPS_MAX,
  type FollowUp,
  type FollowUpList,
} from '@study-crm/shared';
import { badRequest, found, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ukDayEnd } from '../../lib/uk-day.js';
import type { Tx } from '../../db/transaction.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import type { ApplicationService } from '../application/index.js';
import type { InboxService, SourceTodo } from '../inbox/index.js';
import type { PeopleService } from '../people/index.js';
import { toFollowUp } from './follow-up.mapper.js';
import type { FollowUpRepository, FollowUpRow, FollowUpValues } from './follow-up.repository.js';

// Every follow-up item with an open follow teacher feeds that teacher's to-do (navbar message box, issue 3).
export const FOLLOW_UP_TODO_KIND = 'followUp';
export const followUpTodoLink = (applicationId: number) => `/applicationManage/userFollow?id=${applicationId}`;

// A 'YYYY-MM-DD' contract date as the to-do's due time: the end of that UK day (decision 347), so the to-do is not
// overdue on the day itself and is among that day's deadlines.
const dueOf = (contractDate: string | null) => (contractDate ? ukDayEnd(contractDate) : null);

type Input = {
  service: string;
  isDone?: 0 | 1 | null | undefined;
  signingTeacherId?: number | null | undefined;
  followTeacherId?: number | null | undefined;
  appliedSchool?: string | null | undefined;
  attendedSchool?: string | null | undefined;
  internalNote?: string | null | undefined;
  contractDate?: string | null | undefined;
  status?: string | null | undefined;
  businessType?: string | null | undefined;
};

const values = (i: Input): FollowUpValues => ({
  service: i.service,
  signingTeacherId: i.signingTeacherId ?? null,
  followTeacherId: i.followTeacherId ?? null,
  appliedSchool: i.appliedSchool ?? null,
  attendedSchool: i.attendedSchool ?? null,
  internalNote: i.internalNote ?? null,
  contractDate: i.contractDate ?? null,
  status: i.status ?? FOLLOW_DEFAULT_STATUS,
  businessType: i.businessType ?? null,
});

export function createFollowUpService(deps: {
  repo: FollowUpRepository;
  applications: Pick<ApplicationService, 'summaryOf'>;
  people: Pick<PeopleService, 'names' | 'isActiveStaff'>;
  dict: Pick<DictRepository, 'enabledValues' | 'options'>;
  // The follow teacher's to-do is posted in the follow-up's own transaction: both commit or roll back together.
  inbox: Pick<InboxService, 'syncSourceTodo'>;
  clock: Clock;
}) {
  const { repo, applications, people, dict, inbox, clock } = deps;

  /**
   * The to-do a follow-up item should have: none without a follow teacher; otherwise one for that teacher,
   * done when the item is done, due on the contract date. The title is stored language-neutral:
   * "<student name> · <service label>" with the dictionary's label (its primary, Chinese name; the value
   * if the entry is gone); the word "follow-up" comes from `kind`, which the portal may localise.
   */
  async function wantedTodo(
    tx: Tx,
    row: FollowUpRow,
    services: { value: string; label: string }[],
  ): Promise<SourceTodo | null> {
    if (!row.followTeacherId) return null;
    const app = await applications.summaryOf(row.applicationId, tx);
    const service = services.find((o) => o.value === row.service)?.label ?? row.service;
    const title = [app?.name ?? `#${row.applicationId}`, service].join(' · ').slice(0, 200);
    return {
      memberId: row.followTeacherId,
      kind: FOLLOW_UP_TODO_KIND,
      title,
      link: followUpTodoLink(row.applicationId),
      dueAt: dueOf(row.contractDate),
      done: row.isDone ? 1 : 0,
    };
  }

  // Writes the item (insert or update) and brings its to-do in line, in one transaction. Every read inside
  // goes through `tx` (SQLite has one connection: a query outside the transaction would wait for it).
  const write = async (fn: (tx: Tx) => Promise<number>) => {
    const services = await dict.options(APPLICATION_DICT.followService);
    return repo.transaction(async (tx) => {
      const id = await fn(tx);
      const row = found(await repo.find(id, tx));
      await inbox.syncSourceTodo({ kind: FOLLOW_UP_TODO_KIND, id }, await wantedTodo(tx, row, services), tx);
      return id;
    });
  };

  // Service, status and business type come from the dictionary (enabled entries only); one query per save.
  const checkDict = (i: Input) =>
    assertDictValues(dict, [
      { field: 'service', type: APPLICATION_DICT.followService, value: i.service },
      { field: 'status', type: APPLICATION_DICT.followStatus, value: i.status },
      { field: 'businessType', type: APPLICATION_DICT.businessType, value: i.businessType },
    ]);

  // A new teacher must be active staff; one the item already names stays when they leave (the item still saves).
  async function checkTeachers(i: Input, stored?: FollowUpRow) {
    for (const field of ['signingTeacherId', 'followTeacherId'] as const) {
      const id = i[field];
      if (id && id !== stored?.[field] && !(await people.isActiveStaff(id))) throw badRequest(field, 'v.staff');
    }
  }

  async function map(rows: FollowUpRow[]): Promise<FollowUp[]> {
    const names = await people.names(rows.flatMap((r) => [r.signingTeacherId, r.followTeacherId]));
    return rows.map((r) => toFollowUp(r, names));
  }

  async function one(id: number): Promise<FollowUp> {
    const row = found(await repo.find(id));
    return (await map([row]))[0] as FollowUp;
  }

  return {
    // The completion ratio is derived from the items every time, never stored: counted in SQL over all of them.
    async list(applicationId: number): Promise<FollowUpList> {
      if (!(await applications.summaryOf(applicationId))) throw notFound();
      const rows = await repo.ofApplication(applicationId);
      const { done, total } = (await repo.progressOf([applicationId])).get(applicationId) ?? { done: 0, total: 0 };
      return {
        list: await map(rows),
        followDone: done,
        followTotal: total,
        completionRatio: completionPercent(done, total),
      };
    },

    async add(input: Input & { applicationId: number }): Promise<FollowUp> {
      if (!(await applications.summaryOf(input.applicationId))) throw notFound();
      await checkDict(input);
      await checkTeachers(input);
      const id = await write(async (tx) => {
        const added = await repo.insert(tx, input.applicationId, values(input), input.isDone ?? 0, clock.now());
        if (added === null) throw badRequest('applicationId', 'v.followUpsMax', { max: FOLLOW_UPS_MAX });
        return added;
      });
      return one(id);
    },

    async update(input: Input & { id: number }): Promise<FollowUp> {
      const row = found(await repo.find(input.id));
      await checkDict(input);
      await checkTeachers(input, row);
      const now = clock.now();
      const isDone = input.isDone ?? row.isDone;
      await write(async (tx) => {
        await repo.update(tx, input.id, { ...values(input), isDone, doneAt: isDone ? (row.doneAt ?? now) : null }, now);
        return input.id;
      });
      return one(input.id);
    },

    async setDone(id: number, isDone: 0 | 1): Promise<FollowUp> {
      const row = found(await repo.find(id));
      const now = clock.now();
      await write(async (tx) => {
        await repo.update(tx, id, { isDone, doneAt: isDone ? (row.doneAt ?? now) : null }, now);
        return id;
      });
      return one(id);
    },
  };
}
export type FollowUpService = ReturnType<typeof createFollowUpService>;
