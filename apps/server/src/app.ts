import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Config } from './config.js';
import { openDatabase, type DbHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seed, type SeedResult } from './seed/seed.js';
import './http/context.js';
import { registerHooks } from './http/hooks.js';
import { createAuditLog } from './db/audit.js';
import { loggerOptions, requestLogger } from './http/logging.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb } from './http/web.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createSessionRepository, createSessionService } from './modules/auth/index.js';
import { scheduleStatistics } from './db/statistics.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerModules } from './modules/index.js';

export type BuildOptions = {
  config: Config;
  clock?: Clock;
  logStream?: Writable;
  pgSchema?: string;
  sqliteFile?: string;
  sqliteImage?: Buffer;
};

export type BuiltApp = { app: FastifyInstance; db: DbHandle; seeded: SeedResult };

// Every JSON answer leaves as UTF-8 bytes. A zh-TW message makes the JSON a two-byte string, and Node writes a string
// body in one piece with the header block, so the whole block went through the two-byte encoder (issue 43). Fastify
// sends a Buffer as it is; its types name only a string.
const toJsonBytes = ((data: unknown) => Buffer.from(JSON.stringify(data))) as unknown as (data: unknown) => string;

// Builds the whole server: database (migrated and seeded), HTTP contract, modules, web app.
// Tests call this and talk to it through app.inject; main.ts calls it and listens.
export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: opts.pgSchema,
    sqliteFile: opts.sqliteFile,
    sqliteImage: opts.sqliteImage,
    poolMax: config.pgPoolMax,
  });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db.db, db.schema);
    const seeded = await seed(db.db, { adminLogin: config.adminLogin, adminPassword: config.adminPassword });

    app = Fastify({
      logger: loggerOptions(config.logLevel, opts.logStream),
      childLoggerFactory: requestLogger,
      genReqId: () => randomUUID(),
      requestIdHeader: false,
      trustProxy: config.trustProxy,
      bodyLimit: 1024 * 1024,
      routerOptions: { ignoreTrailingSlash: true },
    });
    app.decorate('routeTable', []);
    app.decorate('audit', createAuditLog(db.db));
    // Added first so that it runs last: Fastify runs onClose hooks in reverse order, so every module's worker stops
    // (and finishes a run in flight) before the outbox worker and the database close.
    app.addHook('onClose', async () => {
      if (app?.hasDecorator('delivery')) await app.delivery.stop();
      await db.close();
    });
    // Request schemas are validated inside defineRoute (to name the field in the caller's language);
    // here they only feed the OpenAPI document. Responses are parsed by zod before sending, and every answer is
    // written by the one reply serializer (the compiler only keeps Fastify from building one from each schema).
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    app.setSerializerCompiler(() => toJsonBytes);
    app.setReplySerializer(toJsonBytes);

    await registerSecurityHeaders(app);
    await app.register(formbody);
    await registerOpenApi(app, config.apiDocs);

    const sessions = createSessionService(createSessionRepository(db.db), config, clock);
    registerHooks(app, config, sessions);
    // @fastify/multipart adds an onRequest and an onResponse hook to every route of its scope (the clean-up of its
    // disk mode, which the app does not use). Only the routes that read a multipart form are put in this scope
    // (http/route.ts), so no other call pays for them (issue 43). Made after the hooks above: a scope takes its
    // parent's hooks and error handler when it is made.
    const root = app;
    await root.register(async (scope) => {
      await scope.register(multipart, {
        // One file per request (a second one is refused, never buffered).
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 50, fieldSize: 64 * 1024 },
      });
      root.decorate('uploads', scope);
    });
    registerHealthRoutes(app, db);
    registerModules(app, { config, db: db.db, dialect: db.dialect, clock, sessions });
    scheduleStatistics(app, db.db, db.dialect);
    await registerWeb(app, config.webDist);

    if (config.captchaTestCode) {
      app.log.warn('CAPTCHA_TEST_CODE is set: every captcha has a known answer. Never use this outside tests.');
    }
    await app.ready();
    if (config.delivery.isWorkerOn) app.delivery.start();
    return { app, db, seeded };
  } catch (err) {
    if (app) await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}
