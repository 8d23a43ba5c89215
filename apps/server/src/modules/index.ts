import { createHmac, randomBytes } from 'node:crypto';
import { takeLease } from '../db/cluster-lease.js';
import type { FastifyInstance } from 'fastify';
import { PERM } from '@study-crm/shared';
import { createSecretBox, loadSecretKey } from '../lib/secret-box.js';
import type { ModuleDeps } from './deps.js';
import { createAccountRepository, createAccountService, registerAccountRoutes } from './account/index.js';
import {
  createApplicationReport,
  createApplicationSearch,
  createApplicationTimeline,
  createApplicationRepository,
  createApplicationService,
  createFileRepository,
  createFileService,
  registerApplicationRoutes,
  referencedByAny,
  scheduleOrphanSweep,
  createReminderRepository,
  createReminderService,
  createVisaRepository,
  createVisaService,
  registerVisaRoutes,
  scheduleReminders,
  ORPHAN_SWEEP_LEASE_MS,
} from './application/index.js';
import {
  auditExporter,
  auditPersonalData,
  createAuditRepository,
  createAuditRetention,
  createAuditService,
  createTimelineService,
  declaredActions,
  registerAuditRoutes,
} from './audit/index.js';
import {
  applicationExporter,
  applicationPersonalData,
  createBoardRepository,
  createBoardService,
  registerBoardRoutes,
} from './application/index.js';
import { createExportService, registerExportRoutes } from './export/index.js';
import { createAuthRepository, createAuthService, createStepUp, registerAuthRoutes } from './auth/index.js';
import { authPersonalData } from './auth/index.js';
import { createCaptchaRepository, createCaptchaService, registerCaptchaRoutes } from './captcha/index.js';
import { createDictRepository, createDictService, dictExporter, registerDictRoutes } from './dict/index.js';
import { createFileStorage, registerFileRoutes } from './files/index.js';
import { createJobRepository, createJobService, registerJobRoutes } from './jobs/index.js';
import {
  createFollowUpReport,
  createFollowUpRepository,
  createFollowUpService,
  createFollowUpTimeline,
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
import { registerImportModule } from './import/index.js';
import { inboxPersonalData } from './inbox/index.js';
import { createLabelRepository, createLabelService, registerLabelRoutes } from './label/index.js';
import { labelPersonalData } from './label/index.js';
import {
  createPaymentReport,
  createPaymentSearch,
  createPaymentRepository,
  createPaymentService,
  createPaymentTimeline,
  registerPaymentRoutes,
} from './payment/index.js';
import {
  createMemberCredentials,
  createMemberRepository,
  createMemberService,
  employeeExporter,
  registerMemberRoutes,
} from './member/index.js';
import { paymentExporter, paymentPersonalData } from './payment/index.js';
import { memberPersonalData } from './member/index.js';
import { createPeopleRepository, createPeopleService } from './people/index.js';
import {
  createProjectRepository,
  createProjectService,
  projectExporter,
  registerProjectRoutes,
} from './project/index.js';
import {
  contributionExporter,
  createTaskReport,
  createTaskRepository,
  createTaskService,
  registerTaskRoutes,
  taskExporter,
} from './task/index.js';
import { accountExporter, createUserAccountService, registerUserAccountRoutes } from './user-account/index.js';
import { createContentRepository, createContentService, registerContentRoutes } from './content/index.js';
import {
  createPermissionRepository,
  createPermissionService,
  registerOwnPermissionRoutes,
  registerPermissionAdminRoutes,
} from './permission/index.js';
import {
  createAccessGuard,
  createAccessRepository,
  createRoleRepository,
  createRoleService,
  registerRoleRoutes,
  roleExporter,
} from './role/index.js';
import {
  createConfigAccessor,
  createSysConfigRepository,
  createSysConfigService,
  registerSysConfigRoutes,
} from './sysconfig/index.js';
import { createTagRepository, createTagService, registerTagRoutes, tagExporter } from './tag/index.js';
import {
  createAdmissionsRepository,
  createAdmissionsService,
  createVisaStageRepository,
  createVisaStageService,
  registerAdmissionsRoutes,
  registerVisaStageRoutes,
} from './admissions/index.js';
import {
  createPrivacyRepository,
  createPrivacyService,
  registerPrivacyRoutes,
  schedulePrivacyJobs,
} from './privacy/index.js';
import { createDeliveryReport, createDeliveryWorker, createOutboxRepository } from './delivery/index.js';
import { createEmailSearch, createEmailTimeline, registerMailModule } from './mail/index.js';
import { deliveryPersonalData } from './delivery/index.js';
import { mailPersonalData } from './mail/index.js';
import {
  createFeedbackReport,
  createFeedbackSearch,
  createFeedbackRepository,
  createFeedbackService,
  registerFeedbackRoutes,
  feedbackExporter,
} from './feedback/index.js';
import { feedbackPersonalData } from './feedback/index.js';
import { createProfileRepository, createProfileService, registerProfileRoutes } from './profile/index.js';
import { createSmsSearch, createSmsTimeline, registerSmsModule } from './sms/index.js';
import { profilePersonalData } from './profile/index.js';
import { smsPersonalData } from './sms/index.js';
import { createSearchService, registerSearchRoutes } from './search/index.js';
import { createDashboardService, registerDashboardRoutes } from './dashboard/index.js';
import { registerAssistantModule } from './assistant/index.js';
import { assistantPersonalData } from './assistant/index.js';
import { createTwoFactorRepository, createTwoFactorService, registerTwoFactorRoutes } from './two-factor/index.js';
import { twoFactorPersonalData } from './two-factor/index.js';
import { createNoticeService, noticeExporter, registerNoticeRoutes } from './notice/index.js';
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
import { verificationPersonalData } from './verification/index.js';

import { createMemberPersonalData } from './member/index.js';
import { createProfilePersonalData } from './profile/index.js';
import { createAuthPersonalData } from './auth/index.js';
import { createInboxPersonalData } from './inbox/index.js';
import { createFeedbackPersonalData } from './feedback/index.js';
import { createWalletPersonalData } from './wallet/index.js';
import { createTwoFactorPersonalData } from './two-factor/index.js';
import { createAuditPersonalData } from './audit/index.js';
import { createApplicationPersonalData } from './application/index.js';
import { createFollowUpPersonalData } from './follow-up/index.js';
import { createPaymentPersonalData } from './payment/index.js';
import { createDeliveryPersonalData } from './delivery/index.js';
import { createMailPersonalData } from './mail/index.js';
import { createSmsPersonalData } from './sms/index.js';
import { createAssistantPersonalData } from './assistant/index.js';
import { createTaskPersonalData } from './task/index.js';
import { createProjectPersonalData } from './project/index.js';

// The composition root: it builds each module's repository and service and hands a module the services of the
// others it needs. It imports every module through its front door (`<domain>/index.ts`) only.
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  const { config, db, dialect, clock, sessions } = deps;

  // The member module owns the member rows: credentials, contact and passwords for sign-in, the own account,
  // bindings and students added with an application.
  const credentials = createMemberCredentials(db, clock);
  // Shared modules: people (members as names and teachers), files (storage), inbox (message box).
  const people = createPeopleService(createPeopleRepository(db), credentials.insertStudent);
  const storage = createFileStorage(config, clock);
  registerFileRoutes(app, { storage, config });
  const inbox = createInboxService(createInboxRepository(db), clock);
  registerInboxRoutes(app, inbox);
  // Background jobs (issue 39: large exports): modules register their kinds; one worker per server claims them.
  const jobs = createJobService({
    repo: createJobRepository(db, dialect),
    storage,
    inbox,
    clock,
    settings: config.jobs,
    log: app.log,
  });
  registerJobRoutes(app, jobs);
  app.decorate('jobs', jobs);
  if (config.delivery.isWorkerOn) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }

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
  const guard = createAccessGuard(createAccessRepository(db));

  // Export of every list screen (issue 39): lists register below; large exports run as background jobs.
  const exports = createExportService({ jobs, permsOf: guard.permsOf, settings: config.jobs });
  registerExportRoutes(app, exports);

  const authRepo = createAuthRepository(db, credentials);
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
  const roleRepo = createRoleRepository(db);
  const roles = createRoleService({ repo: roleRepo, people, clock, guard });
  registerRoleRoutes(app, roles);
  exports.register(roleExporter(roles));

  const account = createAccountService(createAccountRepository(db), credentials, sessions, clock, config);
  registerAccountRoutes(app, account);

  // System setup. The config accessor is the one way the server reads configs (app.configs).
  const sysConfigRepo = createSysConfigRepository(db);
  const configs = createConfigAccessor(sysConfigRepo, config, clock);
  app.decorate('configs', configs);
  registerSysConfigRoutes(app, createSysConfigService({ repo: sysConfigRepo, accessor: configs, clock }));
  const dictRepo = createDictRepository(db);
  const dictService = createDictService({ repo: dictRepo, clock });
  registerDictRoutes(app, dictService);
  exports.register(dictExporter(dictService));
  const tagService = createTagService({ repo: createTagRepository(db), clock });
  registerTagRoutes(app, tagService);
  exports.register(tagExporter({ tags: tagService, dict: dictRepo }));
  const labels = createLabelService({ repo: createLabelRepository(db), people, clock });
  registerLabelRoutes(app, labels);
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

  const memberRepo = createMemberRepository(db, dialect);
  const members = createMemberService({
    repo: memberRepo,
    sessions,
    clock,
    guard,
    walletAddressOf: wallet.activeAddressOf,
    labelsOf: labels.labelsOf,
    setPassword: credentials.setPassword,
  });
  registerMemberRoutes(app, members);
  // The account list (issue 21): the member app's accounts, on the member service's rules and codes.
  const accounts = createUserAccountService({ members });
  registerUserAccountRoutes(app, accounts);
  exports.register(employeeExporter(members));
  exports.register(accountExporter(accounts));

  // Study-abroad applications, their files and follow-up items (issue 7).
  const applicationRepo = createApplicationRepository(db);
  const fileRepo = createFileRepository(db);
  const paymentRepo = createPaymentRepository(db);
  const followUpRepo = createFollowUpRepository(db);
  // UCAS admissions cycles (issue 40): the dates the target-school rules read.
  const admissions = createAdmissionsService({ repo: createAdmissionsRepository(db), clock });
  registerAdmissionsRoutes(app, admissions);
  // The Student visa checklist (issue 40): stages kept under System setup, steps on each application.
  const visaStages = createVisaStageService({ repo: createVisaStageRepository(db), dict: dictRepo, clock });
  registerVisaStageRoutes(app, visaStages);
  const visa = createVisaService({
    repo: createVisaRepository(db),
    applications: applicationRepo,
    people,
    stages: visaStages.enabled,
    cycles: admissions.datesOf,
    clock,
  });
  registerVisaRoutes(app, visa);
  // The follow-up completion ratio, with the checklist's steps counted when VISA_STEPS_IN_RATIO=on.
  const followProgress = async (ids: readonly number[]) => {
    const counts = await followUpRepo.progressOf(ids);
    if (!config.visaStepsInRatio) return counts;
    const { finished, total } = await visa.progressOf(ids);
    for (const id of ids) {
      const c = counts.get(id) ?? { done: 0, total: 0 };
      counts.set(id, { done: c.done + (finished.get(id) ?? 0), total: c.total + total });
    }
    return counts;
  };
  const applications = createApplicationService({
    repo: applicationRepo,
    people,
    dict: dictRepo,
    followProgress,
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
      stages: visaStages.enabled,
      clock,
    }),
    uploadMaxBytes: config.uploadMaxBytes,
  });
  // The applications list as a board (issue 40): its columns and the status move.
  registerBoardRoutes(
    app,
    createBoardService({
      board: createBoardRepository(db, applicationRepo),
      applications: applicationRepo,
      dict: dictRepo,
      followProgress: followUpRepo.progressOf,
      cycles: admissions,
      clock,
    }),
  );
  // Spreadsheet imports (issue 39) through the forms' own services.
  registerImportModule(app, {
    db,
    clock,
    storage,
    services: {
      tags: tagService,
      dict: dictService,
      members,
      applications,
      guard,
      memberIdWith: people.memberIdWith,
      roleNames: roleRepo.nameIndex,
    },
  });
  registerFollowUpRoutes(
    app,
    createFollowUpService({
      repo: followUpRepo,
      applications,
      people,
      dict: dictRepo,
      // Follow-up items feed the follow teacher's to-dos in the inbox.
      inbox,
      clock,
    }),
  );

  // Payment records, their totals and the operation log (issue 16).
  const payments = createPaymentService({
    repo: paymentRepo,
    applications,
    referencedElsewhere: (names) => fileRepo.referenced(names),
    people,
    dict: dictRepo,
    storage,
    clock,
  });
  registerPaymentRoutes(app, payments);
  exports.register(paymentExporter({ payments, dict: dictRepo }));

  // Messaging (issue 15): the delivery outbox and its worker (app.ts starts and stops it).
  const outbox = createOutboxRepository(db, dialect);
  const delivery = createDeliveryWorker({ outbox, clock, settings: config.delivery, log: app.log });
  app.decorate('delivery', delivery);
  const mail = registerMailModule(app, { config, db, clock, outbox, delivery, storage, box, applications, exports });
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
    exports,
  });
  app.decorate('sms', sms);

  // Member notices (issue 17): administered here, kept and shown by the inbox's notice board.
  const notices = createNoticeService({
    board: createNoticeBoard(createNoticeBoardRepository(db), clock),
    people,
    members,
    copies: mail.copies,
    clock,
  });
  registerNoticeRoutes(app, notices);
  exports.register(noticeExporter(notices));

  // Feedback (issue 18): public and member submissions, replies by e-mail and message box, staff to-dos.
  const feedback = createFeedbackService({
    repo: createFeedbackRepository(db),
    captcha,
    people,
    inbox,
    mail: mail.system,
    clock,
  });
  registerFeedbackRoutes(app, feedback);
  exports.register(feedbackExporter(feedback));

  // The operation log (issue 39) and each record's own history, whose events the owning modules read (decision 180).
  const auditRepo = createAuditRepository(db);
  const applicationTimeline = createApplicationTimeline(db);
  const auditLog = createAuditService({ repo: auditRepo, people, declared: () => declaredActions(app) });
  exports.register(auditExporter(auditLog));
  exports.register(applicationExporter({ applications, dict: dictRepo }));
  registerAuditRoutes(
    app,
    auditLog,
    createTimelineService({
      repo: auditRepo,
      people,
      records: {
        application: { perms: [PERM.applicationView], find: applicationTimeline.record },
        paymentRecord: { perms: [PERM.paymentList], find: async (id) => (await paymentRepo.find(id)) && {} },
        member: { perms: [PERM.memberList, PERM.userList], find: async (id) => (await memberRepo.byId(id)) && {} },
        role: { perms: [PERM.roleList], find: async (id) => (await roleRepo.byId(id)) && {} },
        messageTemplate: { perms: [PERM.templateList], find: async (id) => (await mail.findTemplate(id)) && {} },
      },
      application: {
        followUps: createFollowUpTimeline(db),
        files: applicationTimeline.files,
        payments: createPaymentTimeline(db),
        emails: createEmailTimeline(db),
        sms: createSmsTimeline(db),
      },
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
      student: people.accountHits,
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
      accounts: credentials,
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
  exports.register(projectExporter(projects));
  // Tasks of projects, KPI types and contribution records: projects are asked through their service.
  const tasks = createTaskService({ repo: createTaskRepository(db), projects, people, clock });
  registerTaskRoutes(app, tasks);
  exports.register(taskExporter(tasks));
  exports.register(contributionExporter(tasks));

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
  const privacy = createPrivacyService({
    repo: createPrivacyRepository(db),
    sources: {
      member: createMemberPersonalData(db),
      application: createApplicationPersonalData(db),
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
        createAuditPersonalData(db),
      ],
    },
    people,
    members,
    inbox,
    storage,
    jobs,
    permsOf: guard.permsOf,
    clock,
  });
  registerPrivacyRoutes(app, privacy);
  app.decorate('privacy', privacy);
  if (config.delivery.isWorkerOn) schedulePrivacyJobs(app, privacy, config.delivery.reminderEveryMs);

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
    beyondCaller: async (actor, memberId) => ((await people.isStaff(memberId)) ? guard.beyond(actor, memberId) : []),
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
    saveArchive: (stream) => storage.saveMade(stream, 'gz', 'application/gzip'),
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
      jobs.referenced,
      auditRetention.referenced,
    ),
    clock,
    // This process's name as a lease holder (several servers on one database sweep one at a time).
    lease: () => takeLease(db, 'orphan-sweep', serverId, clock.now(), ORPHAN_SWEEP_LEASE_MS),
  });
}
