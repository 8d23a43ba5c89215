import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PERM } from '@study-crm/shared';
import { takeLease } from '../db/cluster-lease.js';
import type { ModuleDeps } from './deps.js';
import type { Identity } from './wiring.identity.js';
import type { Messaging } from './wiring.messaging.js';
import type { Platform } from './wiring.platform.js';
import type { Records } from './wiring.records.js';
import type { Setup } from './wiring.setup.js';
import {
  applicationPersonalData,
  createApplicationPersonalData,
  createReminderRepository,
  createReminderService,
  membersWithApplications,
  ORPHAN_SWEEP_LEASE_MS,
  referencedByAny,
  removeUnattachedFiles,
  scheduleOrphanSweep,
  scheduleReminders,
  studentsClosedBefore,
} from './application/index.js';
import { assistantPersonalData, createAssistantPersonalData } from './assistant/index.js';
import {
  auditPersonalData,
  createAuditArchiveErasure,
  createAuditPersonalData,
  createAuditRetention,
} from './audit/index.js';
import { purgePassedPasswordWindows } from './account/index.js';
import {
  authPersonalData,
  createAuthPersonalData,
  purgeEndedSessions,
  purgePassedSignInWindows,
} from './auth/index.js';
import { scheduleCaptchaSweep } from './captcha/index.js';
import { createDeliveryPersonalData, deliveryPersonalData } from './delivery/index.js';
import { createErasureRepository, createErasureService, registerErasureRoutes } from './erasure/index.js';
import { createFeedbackPersonalData, feedbackPersonalData, purgePassedFeedbackWindows } from './feedback/index.js';
import { createFollowUpPersonalData, followUpPersonalData } from './follow-up/index.js';
import { createInboxPersonalData, inboxPersonalData } from './inbox/index.js';
import { labelPersonalData } from './label/index.js';
import { blankOldEmailBodies, createMailPersonalData, mailPersonalData } from './mail/index.js';
import { createMemberPersonalData, memberPersonalData, studentsInactiveBefore } from './member/index.js';
import { createPaymentPersonalData, paymentPersonalData } from './payment/index.js';
import {
  createPrivacyErasure,
  createPrivacyRepository,
  createPrivacyService,
  registerPrivacyRoutes,
  schedulePrivacyJobs,
} from './privacy/index.js';
import { createProfilePersonalData, profilePersonalData } from './profile/index.js';
import { createProjectPersonalData } from './project/index.js';
import {
  createRetentionService,
  REPORT_TITLE,
  reportText,
  RETENTION_LEASE_MS,
  scheduleRetention,
} from './retention/index.js';
import { blankOldSmsBodies, createSmsPersonalData, smsPersonalData } from './sms/index.js';
import { createTaskPersonalData } from './task/index.js';
import { createTwoFactorPersonalData, twoFactorPersonalData } from './two-factor/index.js';
import { purgeOldCodes, verificationPersonalData } from './verification/index.js';
import { createWalletPersonalData, walletPersonalData } from './wallet/index.js';

// What runs by itself and what keeps personal data in bounds: the daily application reminders, UK GDPR data
// requests and erasure (issue 41), the retention job and the sweep of orphan uploads.
export function wireUpkeep(
  app: FastifyInstance,
  { config, db, clock }: ModuleDeps,
  {
    people,
    storage,
    uploads,
    inbox,
    jobs,
    guard,
    configs,
    content,
    members,
    profiles,
    admissions,
    visa,
    fileRepo,
    paymentRepo,
    mail,
  }: Pick<Platform, 'people' | 'storage' | 'uploads' | 'inbox' | 'jobs' | 'guard'> &
    Pick<Setup, 'configs' | 'content'> &
    Pick<Identity, 'members' | 'profiles'> &
    Pick<Records, 'admissions' | 'visa' | 'fileRepo' | 'paymentRepo'> &
    Pick<Messaging, 'mail'>,
) {
  // The daily application reminders (issue 40), run by the server's worker; the unique key of each reminder makes
  // several servers' runs create it once.
  const reminders = createReminderService({
    repo: createReminderRepository(db),
    inbox,
    cycles: admissions.allDates,
    visaDue: visa.reminderDue,
    email: config.reminderEmail
      ? { copies: mail.copies, emailsOf: (id, tx) => people.activeEmails(id, tx), portalUrl: config.portalUrl }
      : null,
    clock,
  });
  app.decorate('reminders', reminders);
  if (config.delivery.isWorkerOn) scheduleReminders(app, reminders, config.delivery.reminderEveryMs);

  // UK GDPR (issue 41): data requests and the subject access export, each module's part through its front door.
  const applicationData = createApplicationPersonalData(db);
  const privacyRepo = createPrivacyRepository(db);
  const privacy = createPrivacyService({
    repo: privacyRepo,
    sources: {
      member: createMemberPersonalData(db),
      application: applicationData,
      followUp: createFollowUpPersonalData(db),
      payment: createPaymentPersonalData(db),
      delivery: createDeliveryPersonalData(db),
      mail: createMailPersonalData(db),
      sms: createSmsPersonalData(db),
      others: [
        createProfilePersonalData(db),
        createAuthPersonalData(db),
        createTwoFactorPersonalData(db),
        createWalletPersonalData(db),
        createInboxPersonalData(db),
        createFeedbackPersonalData(db),
        createAssistantPersonalData(db),
        createProjectPersonalData(db),
        createTaskPersonalData(db),
        createAuditPersonalData(db, { applicationIdsOf: applicationData.applicationIdsOf, storage }),
      ],
    },
    people,
    members,
    inbox,
    storage,
    jobs,
    permsOf: guard.permsOf,
    beyond: guard.beyond,
    clock,
  });
  registerPrivacyRoutes(app, privacy);
  app.decorate('privacy', privacy);
  if (config.delivery.isWorkerOn) schedulePrivacyJobs(app, privacy, config.delivery.reminderEveryMs);

  const auditRetention = createAuditRetention(db);
  // The stored names any record keeps: the orphan sweep below removes uploads none keeps after a day; a payment edit
  // and an erasure remove a file they dropped only when none keeps it (decision 377).
  const keptFiles = referencedByAny(
    fileRepo.referenced,
    paymentRepo.referenced,
    mail.referenced,
    profiles.referenced,
    content.referenced,
    jobs.referenced,
    auditRetention.referenced,
  );
  // Erasure of a person's personal data (issue 41): each module erases or anonymises its own rows (its part);
  // the member first (it finds the person), the outbox after the modules that find addresses, the audit log last.
  const erasure = createErasureService({
    repo: createErasureRepository(db),
    parts: [
      memberPersonalData,
      labelPersonalData,
      authPersonalData,
      twoFactorPersonalData,
      walletPersonalData,
      profilePersonalData,
      inboxPersonalData,
      assistantPersonalData,
      applicationPersonalData(inbox),
      followUpPersonalData,
      paymentPersonalData,
      feedbackPersonalData,
      verificationPersonalData,
      deliveryPersonalData,
      mailPersonalData,
      smsPersonalData,
      // The person's exports and the notes of their requests (the privacy module's, decision 340).
      createPrivacyErasure({ repo: privacyRepo, jobs, inbox }),
      auditPersonalData,
      // Its archive files, rewritten (decision 344); the old files go after the commit with the others.
      createAuditArchiveErasure(storage),
    ],
    removeStored: (name) => storage.remove(name),
    keptAnywhere: keptFiles.referenced,
    log: app.log,
    config: (key) => configs.get(key),
    beyondCaller: async (actor, memberId, tx) =>
      (await people.isStaff(memberId, tx)) ? guard.beyond(actor, memberId, tx) : [],
    members,
    clock,
  });
  registerErasureRoutes(app, erasure);

  // This process's name as a lease holder (several servers on one database run a job one at a time).
  const serverId = randomBytes(9).toString('base64url');
  // The daily retention job (issue 41): each kind of record past its configured period, through its module.
  const retention = createRetentionService({
    lease: () => takeLease(db, 'retention', serverId, clock.now(), RETENTION_LEASE_MS),
    config: (key) => configs.get(key),
    clock,
    erasure,
    studentsClosedBefore: (cutoff) => studentsClosedBefore(db, cutoff),
    studentsInactiveBefore: (cutoff) => studentsInactiveBefore(db, cutoff),
    membersWithApplications: (ids) => membersWithApplications(db, ids),
    removeUnattachedFiles: (cutoff) => removeUnattachedFiles(db, cutoff),
    blankOutboxBodies: async (cutoff, now) =>
      (await blankOldEmailBodies(db, cutoff, now)) + (await blankOldSmsBodies(db, cutoff, now)),
    purgeSessions: (cutoff) => purgeEndedSessions(db, cutoff),
    // With the codes, every counter's windows that have passed, each by the window it counts in (decisions 374,
    // 379: the requests only count): the verification module's, the sign-in throttle's, the wrong current
    // passwords', the public feedback's.
    purgeCodes: async (cutoff, now) => {
      await purgePassedSignInWindows(db, now, config.loginIpWindowMs);
      await purgePassedPasswordWindows(db, now, config.loginLockMs);
      await purgePassedFeedbackWindows(db, now);
      return purgeOldCodes(db, cutoff, now);
    },
    audit: auditRetention,
    saveArchive: (stream) => storage.saveMade(stream, 'gz', 'application/gzip'),
    removeStored: (name) => storage.remove(name),
    log: app.log,
    report: async (r) => {
      for (const memberId of await people.staffWithPermission(PERM.auditList)) {
        await inbox.postMessage({ memberId, title: REPORT_TITLE, content: reportText(r), link: null });
      }
    },
  });
  app.decorate('retention', retention);
  if (config.delivery.isWorkerOn) scheduleRetention(app, retention);
  // What the public picture request leaves behind (it only counts and stores).
  scheduleCaptchaSweep(app, db, clock);

  // Uploads no application file, payment, e-mail or avatar keeps are swept after a day.
  scheduleOrphanSweep(app, {
    storage,
    files: keptFiles,
    clock,
    // This process's name as a lease holder (several servers on one database sweep one at a time).
    lease: () => takeLease(db, 'orphan-sweep', serverId, clock.now(), ORPHAN_SWEEP_LEASE_MS),
    forget: uploads.forget,
  });
  return { keptFiles: keptFiles.referenced };
}
