import { createHmac, randomBytes } from 'node:crypto';
import { takeLease } from '../db/cluster-lease.js';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, loadSecretKey } from '../lib/secret-box.js';
import type { ModuleDeps } from './deps.js';
import { createAccessGuard } from './access-guard/index.js';
import { createAccountRepository, createAccountService, registerAccountRoutes } from './account/index.js';
import {
  createApplicationReport,
  createApplicationSearch,
  createApplicationRepository,
  createApplicationService,
  createFileRepository,
  createFileService,
  registerApplicationRoutes,
  referencedByAny,
  scheduleOrphanSweep,
  createReminderRepository,
  createReminderService,
  scheduleReminders,
  ORPHAN_SWEEP_LEASE_MS,
} from './application/index.js';
import { applicationPersonalData } from './application/index.js';
import {
  createAuditRepository,
  createAuditRetention,
  createAuditService,
  declaredActions,
  registerAuditRoutes,
} from './audit/index.js';
import { auditPersonalData } from './audit/index.js';
import { createAuthRepository, createAuthService, createStepUp, registerAuthRoutes } from './auth/index.js';
import { authPersonalData } from './auth/index.js';
import { createCaptchaRepository, createCaptchaService, registerCaptchaRoutes } from './captcha/index.js';
import { createDictRepository, createDictService, registerDictRoutes } from './dict/index.js';
import { createFileStorage, registerFileRoutes } from './files/index.js';
import {
  createFollowUpReport,
  createFollowUpRepository,
  createFollowUpService,
  registerFollowUpRoutes,
} from './follow-up/index.js';
import { followUpPersonalData } from './follow-up/index.js';
import {
  createInboxReport,
  createInboxRepository,
  createInboxService,
  createNoticeBoard,
  createNoticeBoardRepository,
  registerInboxRoutes,
} from './inbox/index.js';
import { inboxPersonalData } from './inbox/index.js';
import { createLabelRepository, createLabelService, registerLabelRoutes } from './label/index.js';
import { labelPersonalData } from './label/index.js';
import {
  createPaymentReport,
  createPaymentSearch,
  createPaymentRepository,
  createPaymentService,
  registerPaymentRoutes,
} from './payment/index.js';
import { paymentPersonalData } from './payment/index.js';
import { createMemberRepository, createMemberService, registerMemberRoutes } from './member/index.js';
import { memberPersonalData } from './member/index.js';
import { createPeopleRepository, createPeopleService } from './people/index.js';
import { createProjectRepository, createProjectService, registerProjectRoutes } from './project/index.js';
import { createTaskReport, createTaskRepository, createTaskService, registerTaskRoutes } from './task/index.js';
import { createUserAccountService, registerUserAccountRoutes } from './user-account/index.js';
import { createContentRepository, createContentService, registerContentRoutes } from './content/index.js';
import {
  createPermissionRepository,
  createPermissionService,
  registerOwnPermissionRoutes,
  registerPermissionAdminRoutes,
} from './permission/index.js';
import { createRoleRepository, createRoleService, registerRoleRoutes } from './role/index.js';
import {
  createConfigAccessor,
  createSysConfigRepository,
  createSysConfigService,
  registerSysConfigRoutes,
} from './sysconfig/index.js';
import { createTagRepository, createTagService, registerTagRoutes } from './tag/index.js';
import { createAdmissionsRepository, createAdmissionsService, registerAdmissionsRoutes } from './admissions/index.js';
import { createDeliveryReport, createDeliveryWorker, createOutboxRepository } from './delivery/index.js';
import { deliveryPersonalData } from './delivery/index.js';
import { createEmailSearch, registerMailModule } from './mail/index.js';
import { mailPersonalData } from './mail/index.js';
import {
  createFeedbackReport,
  createFeedbackSearch,
  createFeedbackRepository,
  createFeedbackService,
  registerFeedbackRoutes,
} from './feedback/index.js';
import { feedbackPersonalData } from './feedback/index.js';
import { createProfileRepository, createProfileService, registerProfileRoutes } from './profile/index.js';
import { profilePersonalData } from './profile/index.js';
import { createSmsSearch, registerSmsModule } from './sms/index.js';
import { smsPersonalData } from './sms/index.js';
import { createSearchService, registerSearchRoutes } from './search/index.js';
import { createDashboardService, registerDashboardRoutes } from './dashboard/index.js';
import { registerAssistantModule } from './assistant/index.js';
import { assistantPersonalData } from './assistant/index.js';
import { createTwoFactorRepository, createTwoFactorService, registerTwoFactorRoutes } from './two-factor/index.js';
import { twoFactorPersonalData } from './two-factor/index.js';
import { createNoticeService, registerNoticeRoutes } from './notice/index.js';
import { createWalletRepository, createWalletService, registerWalletRoutes } from './wallet/index.js';
import { walletPersonalData } from './wallet/index.js';
import {
  createVerificationRepository,
  createVerificationService,
  registerVerificationRoutes,
} from './verification/index.js';
import { createErasureRepository, createErasureService, registerErasureRoutes } from './erasure/index.js';
import {
  createRetentionService,
  REPORT_TITLE,
  reportText,
  RETENTION_LEASE_MS,
  scheduleRetention,
} from './retention/index.js';
import { purgeEndedSessions } from './auth/index.js';
import { purgeOldCodes } from './verification/index.js';
import { blankOldEmailBodies } from './mail/index.js';
import { blankOldSmsBodies } from './sms/index.js';
import { removeUnattachedFiles, studentsClosedBefore } from './application/index.js';
import { studentsInactiveBefore } from './member/index.js';
import { PERM } from '@study-crm/shared';
import { verificationPersonalData } from './verification/index.js';

// The composition root: it builds each module's repository and service and hands a module the services of the
// others it needs. It imports every module through its front door (`<domain>/index.ts`) only.
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  const { config, db, dialect, clock, sessions } = deps;

  // Shared modules: people (members as names and teachers), files (storage), inbox (message box).
  const people = createPeopleService(createPeopleRepository(db));
  const storage = createFileStorage(config, clock);
  registerFileRoutes(app, { storage, config });
  const inbox = createInboxService(createInboxRepository(db), clock);
  registerInboxRoutes(app, inbox);

  const captcha = createCaptchaService(createCaptchaRepository(db), config, clock);
  registerCaptchaRoutes(app, captcha);

  // Secrets at rest (mail server passwords, two-factor secrets): AES-256-GCM with one key from configuration.
  const secretKey = loadSecretKey({
    configured: config.mailSecretKey,
    dataDir: config.dataDir,
    onCreated: (file) => app.log.warn({ file }, 'created a new key for secrets at rest; keep it with the data'),
  });
  const box = createSecretBox(secretKey);

  // No vertical escalation: every call that grants roles or acts on accounts checks the caller's own permissions.
  const guard = createAccessGuard(db);

  const authRepo = createAuthRepository(db);
  const stepUp = createStepUp({ repo: authRepo, limits: config, clock });
  const twoFactor = createTwoFactorService({
    repo: createTwoFactorRepository(db),
    people,
    box,
    guard,
    config,
    clock,
    stepUp,
  });
  registerTwoFactorRoutes(app, twoFactor);
  const auth = createAuthService({ repo: authRepo, captcha, sessions, config, clock, secondFactor: twoFactor, box });
  registerAuthRoutes(app, { auth, repo: authRepo, sessions });

  const menus = createPermissionService({ repo: createPermissionRepository(db), clock });
  registerOwnPermissionRoutes(app, menus);
  registerPermissionAdminRoutes(app, menus);
  registerRoleRoutes(app, createRoleService({ repo: createRoleRepository(db), people, clock, guard }));

  const account = createAccountService(createAccountRepository(db), sessions, clock, config);
  registerAccountRoutes(app, account);

  // System setup. The config accessor is the one way the server reads configs (app.configs).
  const sysConfigRepo = createSysConfigRepository(db);
  const configs = createConfigAccessor(sysConfigRepo, config, clock);
  app.decorate('configs', configs);
  registerSysConfigRoutes(app, createSysConfigService({ repo: sysConfigRepo, accessor: configs, clock }));
  const dictRepo = createDictRepository(db);
  registerDictRoutes(app, createDictService({ repo: dictRepo, clock }));
  registerTagRoutes(app, createTagService({ repo: createTagRepository(db), clock }));
  registerAuditRoutes(
    app,
    createAuditService({ repo: createAuditRepository(db), people, declared: () => declaredActions(app) }),
  );
  const labelRepo = createLabelRepository(db);
  registerLabelRoutes(app, createLabelService({ repo: labelRepo, people, clock }));
  // Announcements and the merchant record (issue 21).
  const content = createContentService({ repo: createContentRepository(db), storage, clock });
  registerContentRoutes(app, { content, storage, config });

  // The member's own wallet (issue 19); its activated address is part of the profile (playData.walletAddress).
  const wallet = createWalletService({
    repo: createWalletRepository(db),
    box,
    confirmPassword: account.confirmPassword,
    clock,
  });
  registerWalletRoutes(app, wallet);

  const members = createMemberService({
    repo: createMemberRepository(db, dialect),
    sessions,
    clock,
    guard,
    walletAddressOf: wallet.activeAddressOf,
    labelsOf: labelRepo.labelsOf,
  });
  registerMemberRoutes(app, members);
  // The account list (issue 21): the member app's accounts, on the member service's rules and codes.
  registerUserAccountRoutes(app, createUserAccountService({ members }));

  // Study-abroad applications, their files and follow-up items (issue 7).
  const applicationRepo = createApplicationRepository(db);
  const fileRepo = createFileRepository(db);
  const paymentRepo = createPaymentRepository(db);
  const followUpRepo = createFollowUpRepository(db);
  // UCAS admissions cycles (issue 40): the dates the target-school rules read.
  const admissions = createAdmissionsService({ repo: createAdmissionsRepository(db), clock });
  registerAdmissionsRoutes(app, admissions);
  const applications = createApplicationService({
    repo: applicationRepo,
    people,
    dict: dictRepo,
    followProgress: followUpRepo.progressOf,
    cycles: admissions,
    clock,
  });
  registerApplicationRoutes(app, {
    applications,
    files: createFileService({
      files: fileRepo,
      applications: applicationRepo,
      people,
      storage,
      dict: dictRepo,
      clock,
    }),
    uploadMaxBytes: config.uploadMaxBytes,
  });
  registerFollowUpRoutes(
    app,
    createFollowUpService({
      repo: followUpRepo,
      applications: applicationRepo,
      people,
      dict: dictRepo,
      // Follow-up items feed the follow teacher's to-dos in the inbox.
      inbox,
      clock,
    }),
  );

  // Payment records, their totals and the operation log (issue 16).
  registerPaymentRoutes(
    app,
    createPaymentService({
      repo: paymentRepo,
      applications: applicationRepo,
      referencedElsewhere: (names) => fileRepo.referenced(names),
      people,
      dict: dictRepo,
      storage,
      clock,
    }),
  );

  // Messaging (issue 15): the delivery outbox and its worker (app.ts starts and stops it).
  const outbox = createOutboxRepository(db, dialect);
  const delivery = createDeliveryWorker({ outbox, clock, settings: config.delivery, log: app.log });
  app.decorate('delivery', delivery);
  const mail = registerMailModule(app, { config, db, clock, outbox, delivery, storage, box, applications });
  // SMS from .xlsx recipient lists (issue 17); `sms.queueText` sends one text through the outbox.
  const sms = registerSmsModule(app, {
    config,
    db,
    clock,
    outbox,
    delivery,
    dict: dictRepo,
    people,
    storage,
    textTemplates: mail.textTemplates,
  });
  app.decorate('sms', sms);

  // Member notices (issue 17): administered here, kept and shown by the inbox's notice board.
  registerNoticeRoutes(
    app,
    createNoticeService({
      board: createNoticeBoard(createNoticeBoardRepository(db), clock),
      people,
      members,
      copies: mail.copies,
      clock,
    }),
  );

  // Feedback (issue 18): public and member submissions, replies by e-mail and message box, staff to-dos.
  registerFeedbackRoutes(
    app,
    createFeedbackService({
      repo: createFeedbackRepository(db),
      captcha,
      people,
      inbox,
      mail: mail.system,
      clock,
    }),
  );

  // Each module's figures, read through its front door (report repositories): the dashboard and XiaoK.
  const reports = {
    applications: createApplicationReport(db),
    payments: createPaymentReport(db),
    inbox: createInboxReport(db),
    tasks: createTaskReport(db),
    feedback: createFeedbackReport(db),
  };
  // The home dashboard (issue 21): each module's figures through its front door, filtered by permission.
  registerDashboardRoutes(
    app,
    createDashboardService({
      ...reports,
      followUps: createFollowUpReport(db),
      deliveries: createDeliveryReport(db),
      clock,
    }),
  );
  // XiaoK, the assistant (issue 20): answers from the same reports, each checked against the member's permissions.
  registerAssistantModule(app, { ...reports, dict: dictRepo, config: config.assistant, db, dialect, clock });

  // The navbar search box (issue 39): each owning module's search, asked per the caller's permissions.
  registerSearchRoutes(
    app,
    createSearchService({
      application: createApplicationSearch(db),
      staff: people.staffHits,
      payment: createPaymentSearch(db),
      feedback: createFeedbackSearch(db),
      email: createEmailSearch(db),
      sms: createSmsSearch(db),
    }),
  );

  // User centre (issue 19): own profile, avatar, location, CV and role switching.
  const profiles = createProfileService({ repo: createProfileRepository(db), members, sessions, storage, clock });
  registerProfileRoutes(app, { profiles, storage, config });

  // Binding and passwords (issue 19): codes by e-mail (system e-mails of the mail module) and SMS (the SMS module's
  // queueText, through the outbox in the same transaction as the code).
  registerVerificationRoutes(
    app,
    createVerificationService({
      repo: createVerificationRepository(db),
      sessions,
      mail: mail.system,
      sms,
      captcha,
      clock,
      codeKey: createHmac('sha256', secretKey).update('verification-code').digest(),
      resetPerHour: config.resetCodeMaxPerHour,
    }),
  );

  // Projects (issue 21): other modules (tasks) ask about projects through this service only.
  const projects = createProjectService({ repo: createProjectRepository(db, dialect), people, clock });
  registerProjectRoutes(app, projects);
  // Tasks of projects, KPI types and contribution records: projects are asked through their service.
  registerTaskRoutes(app, createTaskService({ repo: createTaskRepository(db), projects, people, clock }));

  // The daily application reminders (issue 40), run by the server's worker; the unique key of each reminder makes
  // several servers' runs create it once.
  const reminders = createReminderService({
    repo: createReminderRepository(db),
    inbox,
    cycles: admissions.allDates,
    clock,
  });
  app.decorate('reminders', reminders);
  if (config.delivery.isWorkerOn) scheduleReminders(app, reminders, config.delivery.reminderEveryMs);

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
      applicationPersonalData,
      followUpPersonalData,
      paymentPersonalData,
      feedbackPersonalData,
      verificationPersonalData,
      deliveryPersonalData,
      mailPersonalData,
      smsPersonalData,
      auditPersonalData,
    ],
    removeStored: (name) => storage.remove(name),
    config: (key) => configs.get(key),
    clock,
  });
  registerErasureRoutes(app, erasure);

  // This process's name as a lease holder (several servers on one database run a job one at a time).
  const serverId = randomBytes(9).toString('base64url');
  // The daily retention job (issue 41): each kind of record past its configured period, through its module.
  const auditRetention = createAuditRetention(db);
  const retention = createRetentionService({
    lease: () => takeLease(db, 'retention', serverId, clock.now(), RETENTION_LEASE_MS),
    config: (key) => configs.get(key),
    clock,
    erasure,
    studentsClosedBefore: (cutoff) => studentsClosedBefore(db, cutoff),
    studentsInactiveBefore: (cutoff) => studentsInactiveBefore(db, cutoff),
    removeUnattachedFiles: (cutoff) => removeUnattachedFiles(db, cutoff),
    blankOutboxBodies: async (cutoff, now) =>
      (await blankOldEmailBodies(db, cutoff, now)) + (await blankOldSmsBodies(db, cutoff, now)),
    purgeSessions: (cutoff) => purgeEndedSessions(db, cutoff),
    purgeCodes: (cutoff) => purgeOldCodes(db, cutoff),
    audit: auditRetention,
    saveArchive: (stream) => storage.saveGenerated(stream, 'gz', 'application/gzip'),
    removeStored: (name) => storage.remove(name),
    report: async (r) => {
      for (const memberId of await people.staffWithPermission(PERM.auditList)) {
        await inbox.postMessage({ memberId, title: REPORT_TITLE, content: reportText(r), link: null });
      }
    },
  });
  app.decorate('retention', retention);
  if (config.delivery.isWorkerOn) scheduleRetention(app, retention);

  // Uploads no application file, payment, e-mail or avatar keeps are swept after a day.
  scheduleOrphanSweep(app, {
    storage,
    files: referencedByAny(
      fileRepo.referenced,
      paymentRepo.referenced,
      mail.referenced,
      profiles.referenced,
      content.referenced,
      auditRetention.referenced,
    ),
    clock,
    // This process's name as a lease holder (several servers on one database sweep one at a time).
    lease: () => takeLease(db, 'orphan-sweep', serverId, clock.now(), ORPHAN_SWEEP_LEASE_MS),
  });
}
