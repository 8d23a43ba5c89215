// The bare Fastify routes the benches compare the app with (issue 43): a process of its own, no plugins, no logger.
// `/bare` answers the body it is given (the trivial call's own envelope, so the bytes on the wire match). `/floor`
// (when the parent names the database) is the most the trivial call could serve on this stack: the same statement
// (the session with its permissions, carrying the member with their roles and wallet address) through the app's own
// repository and Kysely, on the same database, then the same bytes, with nothing around them (no hooks, no
// client check, no validation, no security headers, no audit scope). `/floor-health` is /health's `select 1` so.
// `/floor-home` is the home list's first page so: the session check (as any list call makes it) and the page's reads
// through the modules' repositories, then the list call's own bytes (`floor.homeBody`).
// The parent sends { body, floor? } over IPC and gets { port } back; it sends 'stop' to end it.
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/database.js';
import { systemClock } from '../src/lib/clock.js';
import { createApplicationRepository } from '../src/modules/application/index.js';
import { createSessionRepository, createSessionService } from '../src/modules/auth/index.js';
import { createFollowUpRepository, followProgressJson } from '../src/modules/follow-up/index.js';
import { createPeopleRepository } from '../src/modules/people/index.js';

export type Floor = {
  env: Record<string, string>;
  sqliteFile?: string;
  pgSchema?: string;
  token: string;
  // The home list's first page as the app answers it (the bytes /floor-home sends).
  homeBody: string;
};
export type BareRequest = { type: 'start'; body: string; floor?: Floor } | { type: 'stop' };

const app = Fastify({ logger: false });
let body = '{}';
let handle: DbHandle | undefined;
app.get('/bare', async (_req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));

async function addFloor(floor: Floor) {
  const config = loadConfig(floor.env);
  handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: floor.sqliteFile,
    pgSchema: floor.pgSchema,
    poolMax: config.pgPoolMax,
  });
  const { db } = handle;
  const sessions = createSessionService(createSessionRepository(db), config, systemClock);
  app.get('/floor', async (_req, reply) => {
    const member = await sessions.authenticate(floor.token, 'profile');
    if (!member?.carried) throw new Error('the floor route has no session or no member');
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
  // …and /health's one statement, the same way (the database handle's probe, as /health runs it).
  const { ping } = handle;
  app.get('/floor-health', async (_req, reply) => {
    await ping();
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
  // …and the home list's first page: its session check and its reads, as the app wires the repository. On SQLite the
  // page does not carry its teachers' names and follow-up progress: the service reads them, so this does too.
  const applications = createApplicationRepository(
    db,
    config.visaStepsInRatio ? {} : { followProgress: followProgressJson },
  );
  const people = createPeopleRepository(db);
  const followUps = createFollowUpRepository(db);
  app.get('/floor-home', async (_req, reply) => {
    if (!(await sessions.authenticate(floor.token))) throw new Error('the floor route has no session');
    const page = await applications.list({ sortField: 'applicationDate', order: 'desc', limit: 20, offset: 0 });
    if (!page.rows.length) throw new Error('the floor route found no applications');
    await Promise.all([
      page.names ?? people.names(page.rows.flatMap((r) => [r.signingTeacherId, r.followTeacherId])),
      page.progress ?? followUps.progressOf(page.rows.map((r) => r.id)),
    ]);
    return reply.header('content-type', 'application/json; charset=utf-8').send(floor.homeBody);
  });
}

process.on('disconnect', () => process.exit(0));
process.on('message', (m: BareRequest) => {
  if (m.type === 'stop') {
    void app
      .close()
      .then(() => handle?.close())
      .then(() => {
        process.send?.({ ok: true, data: {} });
        setImmediate(() => process.exit(0));
      });
    return;
  }
  body = m.body;
  (m.floor ? addFloor(m.floor) : Promise.resolve())
    .then(() => app.listen({ host: '127.0.0.1', port: 0 }))
    .then(
      () => {
        const address = app.server.address();
        process.send?.({ ok: true, data: { port: typeof address === 'object' && address ? address.port : 0 } });
      },
      (err: unknown) => process.send?.({ ok: false, error: String(err) }),
    );
});
