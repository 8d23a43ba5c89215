import type { FastifyInstance } from 'fastify';
import { createSecretBox, loadSecretKey } from '../lib/secret-box.js';
import type { ModuleDeps } from './deps.js';
import { createCaptchaRepository, createCaptchaService, registerCaptchaRoutes } from './captcha/index.js';
import { createExportService, registerExportRoutes } from './export/index.js';
import { createFileStorage, createUploadLedger, registerFileRoutes } from './files/index.js';
import { createInboxRepository, createInboxService, registerInboxRoutes } from './inbox/index.js';
import { createJobRepository, createJobService, registerJobRoutes } from './jobs/index.js';
import { createMemberCredentials } from './member/index.js';
import { createPeopleRepository, createPeopleService } from './people/index.js';
import { createAccessGuard, createAccessRepository } from './role/index.js';

// The shared modules every area uses (docs/architecture.md, "Shared modules"): people, file storage, the message
// box, background jobs, the captcha, secrets at rest, the access guard and the list exports.
export function wirePlatform(app: FastifyInstance, deps: ModuleDeps) {
  const { config, db, dialect, clock } = deps;

  // The member module owns the member rows: credentials, contact and passwords for sign-in, the own account,
  // bindings and students added with an application.
  const credentials = createMemberCredentials(db, clock);
  // Shared modules: people (members as names and teachers), files (storage), inbox (message box).
  const people = createPeopleService(createPeopleRepository(db), credentials.insertStudent);
  const storage = createFileStorage(config, clock);
  const uploads = createUploadLedger(db);
  registerFileRoutes(app, { storage, config, uploads, clock });
  const inbox = createInboxService(createInboxRepository(db), clock);
  registerInboxRoutes(app, inbox);
  // No vertical escalation: every call that grants roles or acts on accounts checks the caller's own permissions. A
  // background job acts as its owner may act now, by the session check's rule (decision 386).
  const guard = createAccessGuard(createAccessRepository(db), { twoFactorRoles: config.twoFactorRoles });
  // Background jobs (issue 39: large exports): modules register their kinds; one worker per server claims them.
  const jobs = createJobService({
    repo: createJobRepository(db, dialect),
    storage,
    inbox,
    clock,
    settings: config.jobs,
    log: app.log,
    ownerMayAct: guard.assertMayAct,
  });
  registerJobRoutes(app, jobs);
  app.decorate('jobs', jobs);
  if (config.delivery.isWorkerOn) app.addHook('onReady', async () => jobs.start());
  // Also without the worker: a job enqueued here wakes a pass on this server, which must end before the database does.
  app.addHook('onClose', async () => jobs.stop());

  const captcha = createCaptchaService(createCaptchaRepository(db), config, clock);
  registerCaptchaRoutes(app, captcha);

  // Secrets at rest (mail server passwords, two-factor secrets): AES-256-GCM with one key from configuration.
  const secretKey = loadSecretKey({
    configured: config.mailSecretKey,
    dataDir: config.dataDir,
    onCreated: (file) => app.log.warn({ file }, 'created a new key for secrets at rest; keep it with the data'),
  });
  const box = createSecretBox(secretKey);

  // Export of every list screen (issue 39): lists register as their modules are built; large exports run as jobs.
  const exports = createExportService({ jobs, permsOf: guard.permsOf, settings: config.jobs });
  registerExportRoutes(app, exports);

  return { credentials, people, storage, uploads, inbox, jobs, captcha, secretKey, box, guard, exports };
}

export type Platform = ReturnType<typeof wirePlatform>;
