import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationCreateSchema,
  ApplicationUpdateSchema,
  Code,
  type ApplicationSaved,
  type Locale,
} from '@study-crm/shared';
import type { Tx } from '../../db/transaction.js';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { BASE } from '../../test/application-fixtures.js';
import { createAdmissionsRepository, createAdmissionsService } from '../admissions/index.js';
import { createDictRepository } from '../dict/index.js';
import { createMemberCredentials } from '../member/index.js';
import { createPeopleRepository, createPeopleService } from '../people/index.js';
import { createApplicationRepository, createApplicationService, type ApplicationService } from './index.js';

type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Decision 372: two checked saves for one student at the same moment. The first save's transaction stops, still
// open, right after its check passed; the second save starts then, and the first goes on only once the second has
// passed its own check too (the race: both would then hold the course) or is seen waiting for the first (on
// PostgreSQL its connection waits for a lock, in pg_locks). Exactly one save is made; the other answers 7944.
// SQLite runs one transaction at a time on its one connection: the second waits for the first from its first read,
// and the first goes on after a pause.
describe('two checked saves for one student at the same moment', () => {
  const t = useTestApp({ signIn: true });
  const clock = testClock();
  const locale: Locale = 'en-US';
  let seq = 0;

  // The application service as the server wires it, its repository's transactions and check watched.
  function watched(onTransaction: (tx: Tx, n: number) => Promise<void>, onChecked: (n: number) => Promise<void>) {
    const repo = createApplicationRepository(t.db.db);
    const credentials = createMemberCredentials(t.db.db, clock);
    let transactions = 0;
    let checks = 0;
    return createApplicationService({
      repo: {
        ...repo,
        transaction: <T>(fn: (tx: Tx) => Promise<T>) => {
          const n = ++transactions;
          return repo.transaction(async (tx) => {
            await onTransaction(tx, n);
            return fn(tx);
          });
        },
        heldChoices: async (...args: Parameters<typeof repo.heldChoices>) => {
          const held = await repo.heldChoices(...args);
          await onChecked(++checks);
          return held;
        },
      },
      people: createPeopleService(createPeopleRepository(t.db.db), credentials.insertStudent),
      dict: createDictRepository(t.db.db),
      followProgress: async () => new Map(),
      cycles: createAdmissionsService({ repo: createAdmissionsRepository(t.db.db), clock }),
      clock,
    });
  }

  // Runs `first`, holds it open after its check, runs `second`, and lets the first go on as described above. The
  // outcomes in that order: 200 for a save made, the code of a refusal.
  async function race(
    first: (s: ApplicationService) => Promise<ApplicationSaved>,
    second: (s: ApplicationService) => Promise<ApplicationSaved>,
  ): Promise<number[]> {
    const firstChecked = deferred();
    const goOn = deferred();
    const secondChecked = deferred();
    let secondPid: number | undefined;
    const service = watched(
      async (tx, n) => {
        if (n === 2 && t.db.dialect === 'postgres')
          secondPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid;
      },
      async (n) => {
        if (n === 1) {
          firstChecked.resolve();
          await goOn.promise;
        } else secondChecked.resolve();
      },
    );
    const a = first(service);
    await Promise.race([firstChecked.promise, a.then(() => Promise.reject(new Error('saved without its check')))]);
    const b = second(service);
    const secondWaits = async () => {
      if (t.db.dialect !== 'postgres') return pause(300);
      for (let i = 0; i < 500; i++) {
        if (secondPid !== undefined) {
          // (An advisory lock: a save waiting for anything else has not met the student's lock.)
          const waiting = await sql<{ n: number | string }>`select count(*) as n from pg_locks
            where pid = ${secondPid} and locktype = 'advisory' and not granted`.execute(t.db.db);
          if (Number(waiting.rows[0]!.n) > 0) return;
        }
        await pause(10);
      }
      throw new Error('the second save neither passed its check nor waited');
    };
    try {
      await Promise.race([secondChecked.promise, secondWaits()]);
    } finally {
      goOn.resolve();
    }
    const outcomes = await Promise.allSettled([a, b]);
    return outcomes.map((o) => (o.status === 'fulfilled' ? 200 : ((o.reason as { code?: number }).code ?? -1)));
  }

  const course = (school: string) => JSON.stringify([{ school, major: 'Law' }]);
  // A student with one application (another course): its id, version and student.
  async function student() {
    const n = ++seq;
    const res = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      { name: `競賽${n}`, email: `race${n}@example.com`, targetSchools: course('Exeter') },
      { token: t.admin.token },
    );
    expect(res.meta.code, res.meta.message).toBe(200);
    return { ...res.data, n };
  }
  // The student's live applications holding `school`.
  const holding = async (studentId: number, school: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('application as a')
          .innerJoin('applicationTargetSchool as ts', 'ts.applicationId', 'a.id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('a.memberId', '=', studentId)
          .where('a.deletedAt', 'is', null)
          .where('ts.school', '=', school)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // (The first read of each table on a fresh app is not part of the race.)
    await student();
  });

  it('makes one of two creates for the student chosen, and refuses the other with 7944', async () => {
    const s = await student();
    const create = (email: string) => (svc: ApplicationService) =>
      svc.create(
        ApplicationCreateSchema.parse({
          name: `競賽${s.n}`,
          // Another e-mail on each: the student chosen is what they share.
          email,
          studentId: s.studentId,
          targetSchools: course('Bath'),
          checkDuplicate: 1,
        }),
        locale,
      );
    expect(await race(create(`a${s.n}@example.com`), create(`b${s.n}@example.com`))).toEqual([
      200,
      Code.APPLICATION_DUPLICATE,
    ]);
    expect(await holding(s.studentId!, 'Bath')).toBe(1);
  });

  it('makes one of two creates sharing only a passport number', async () => {
    // Two student members (as two records of one person can be), another e-mail each.
    const [one, other] = [await student(), await student()];
    const n = one.n;
    const create = (s: { studentId: number | null; n: number }) => (svc: ApplicationService) =>
      svc.create(
        ApplicationCreateSchema.parse({
          name: `護照${n}`,
          email: `p${s.n}@example.com`,
          studentId: s.studentId,
          passportNo: `RP${n}000`,
          targetSchools: course('Leeds'),
          checkDuplicate: 1,
        }),
        locale,
      );
    expect(await race(create(one), create(other))).toEqual([200, Code.APPLICATION_DUPLICATE]);
    const made = await t.db.db
      .selectFrom('application')
      .select('id')
      .where('passportKey', '=', `RP${n}000`)
      .where('deletedAt', 'is', null)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('makes one of a create and an edit adding the same course, whichever checks first', async () => {
    for (const createFirst of [true, false]) {
      const s = await student();
      const create = (svc: ApplicationService) =>
        svc.create(
          ApplicationCreateSchema.parse({
            name: `競賽${s.n}`,
            email: `race${s.n}@example.com`,
            targetSchools: course('Kent'),
            checkDuplicate: 1,
          }),
          locale,
        );
      // The student's first application gets the course as a second choice.
      const edit = (svc: ApplicationService) =>
        svc.update(
          ApplicationUpdateSchema.parse({
            id: s.id,
            version: s.version,
            name: `競賽${s.n}`,
            email: `race${s.n}@example.com`,
            studentId: s.studentId,
            targetSchools: JSON.stringify([
              { school: 'Exeter', major: 'Law' },
              { school: 'Kent', major: 'Law' },
            ]),
            checkDuplicate: 1,
          }),
          locale,
        );
      const outcomes = createFirst ? await race(create, edit) : await race(edit, create);
      expect(outcomes).toEqual([200, Code.APPLICATION_DUPLICATE]);
      expect(await holding(s.studentId!, 'Kent')).toBe(1);
    }
  });
});
