import {
  APPLICATION_DICT,
  completionPercent,
  type BoardCard,
  type BoardColumn,
  type BoardColumnInput,
  type BoardCounts,
  type BoardCountsInput,
  type BoardMoved,
  type BoardMoveInput,
  type CycleDates,
} from '@study-crm/shared';
import { found, staleCopy } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { nextCursorOf, readCursor } from '../../lib/paging.js';
import { assertDictValues, type DictRepository } from '../dict/index.js';
import type { ApplicationRepository } from './application.repository.js';
import type { FollowProgress } from './application.repository.js';
import type { CycleReader } from './application.service.js';
import type { BoardFilter, BoardRepository } from './board.repository.js';
import { ukDay } from './reminder.service.js';

type Choice = Awaited<ReturnType<BoardRepository['choicesOf']>>[number];

// The nearest UCAS deadline from `today` of a choice not sent yet (no application date): its on-time deadline
// (15 October for Oxford, Cambridge and medicine/dentistry/veterinary, else equal consideration, as saved in its
// deadline key) while it is ahead, then the final one (after which the choice goes to Clearing).
export function nextDeadline(choices: readonly Choice[], cycles: readonly CycleDates[], today: string) {
  let best: BoardCard['nextDeadline'] = null;
  for (const c of choices) {
    if (c.applicationDate || !c.deadlineKey) continue;
    const cycle = cycles.find((y) => y.id === c.cycleId);
    if (!cycle) continue;
    const onTime = c.deadlineKey === 'early' ? cycle.earlyDeadline : cycle.equalDeadline;
    const next =
      onTime >= today
        ? { date: onTime, kind: c.deadlineKey }
        : cycle.finalDeadline >= today
          ? { date: cycle.finalDeadline, kind: 'final' as const }
          : null;
    if (next && (!best || next.date < best.date)) best = { ...next, school: c.school };
  }
  return best;
}

const filterOf = (q: BoardCountsInput): BoardFilter => ({
  keyword: q.keyword ?? null,
  teacherId: q.teacherId ?? null,
  dateFrom: q.dateFrom ?? null,
  dateTo: q.dateTo ?? null,
});

export type BoardServiceDeps = {
  board: BoardRepository;
  applications: Pick<ApplicationRepository, 'find' | 'transaction' | 'updateVersioned'>;
  dict: Pick<DictRepository, 'enabledValues'>;
  followProgress: (applicationIds: readonly number[]) => Promise<Map<number, FollowProgress>>;
  cycles: CycleReader;
  clock: Clock;
};

export function createBoardService({ board, applications, dict, followProgress, cycles, clock }: BoardServiceDeps) {
  return {
    counts: (q: BoardCountsInput): Promise<BoardCounts> => board.counts(filterOf(q)),

    async column(q: BoardColumnInput): Promise<BoardColumn> {
      const limit = q.pageSize ?? 20;
      const at = q.cursor ? readCursor(q.cursor) : null;
      const rows = await board.column(filterOf(q), q.status, limit, at ? { applicationDate: at.key, id: at.id } : null);
      const ids = rows.map((r) => r.id);
      const [choices, progress] = await Promise.all([board.choicesOf(ids), followProgress(ids)]);
      const dates = await cycles.datesOf(choices.map((c) => c.cycleId).filter((id): id is number => !!id));
      const today = ukDay(clock.now());
      const list = rows.map((r): BoardCard => {
        const own = choices.filter((c) => c.applicationId === r.id);
        const p = progress.get(r.id) ?? { done: 0, total: 0 };
        return Object.assign(r, {
          targetSchools: own.map((c) => ({ school: c.school, decision: c.decision, reply: c.reply })),
          nextDeadline: nextDeadline(own, dates, today),
          followDone: p.done,
          followTotal: p.total,
          completionRatio: completionPercent(p.done, p.total),
        });
      });
      return { list, nextCursor: nextCursorOf(rows, limit, (r) => r.applicationDate) };
    },

    // A card dropped on another column: the detail form's status rule (an enabled value of the status dictionary)
    // and its optimistic version check (409 when someone saved the record after the card was read).
    async move(input: BoardMoveInput): Promise<BoardMoved> {
      await assertDictValues(dict, [{ field: 'status', type: APPLICATION_DICT.status, value: input.status }]);
      const current = found(await applications.find(input.id));
      if (current.version !== input.version) throw staleCopy();
      if (current.status === input.status) return { id: current.id, version: current.version, status: current.status };
      const now = clock.now();
      return applications.transaction(async (tx) => {
        const saved = await applications.updateVersioned(tx, input.id, input.version, { status: input.status }, now);
        if (!saved) throw staleCopy();
        return { id: input.id, version: saved.version, status: input.status };
      });
    },
  };
}
export type BoardService = ReturnType<typeof createBoardService>;
