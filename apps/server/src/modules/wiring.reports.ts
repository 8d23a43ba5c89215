import type { FastifyInstance } from 'fastify';
import { PERM } from '@study-crm/shared';
import type { ModuleDeps } from './deps.js';
import type { Identity } from './wiring.identity.js';
import type { Messaging } from './wiring.messaging.js';
import type { Platform } from './wiring.platform.js';
import type { Records } from './wiring.records.js';
import type { Setup } from './wiring.setup.js';
import { createApplicationReport, createApplicationSearch, createApplicationTimeline } from './application/index.js';
import {
  createAssistantAnswerers,
  createAssistantRepository,
  createAssistantService,
  registerAssistantRoutes,
} from './assistant/index.js';
import {
  auditExporter,
  createAuditRepository,
  createAuditService,
  createTimelineService,
  declaredActions,
  registerAuditRoutes,
} from './audit/index.js';
import { createDashboardService, registerDashboardRoutes } from './dashboard/index.js';
import { createDeliveryReport } from './delivery/index.js';
import { createFeedbackReport, createFeedbackSearch } from './feedback/index.js';
import { createFollowUpReport, createFollowUpTimeline } from './follow-up/index.js';
import { createInboxReport } from './inbox/index.js';
import { createEmailSearch, createEmailTimeline } from './mail/index.js';
import { createPaymentReport, createPaymentSearch, createPaymentTimeline } from './payment/index.js';
import { createSearchService, registerSearchRoutes } from './search/index.js';
import { createSmsSearch, createSmsTimeline } from './sms/index.js';
import { createTaskReport } from './task/index.js';

// What reads across the records: the operation log and each record's history, the home dashboard, XiaoK (the
// assistant) and the navbar search box, each asking the owning modules through their front doors.
export function wireReports(
  app: FastifyInstance,
  { config, db, dialect, clock }: ModuleDeps,
  {
    people,
    exports,
    dictRepo,
    memberRepo,
    roleRepo,
    paymentRepo,
    mail,
    admissions,
  }: Pick<Platform, 'people' | 'exports'> &
    Pick<Setup, 'dictRepo'> &
    Pick<Identity, 'memberRepo' | 'roleRepo'> &
    Pick<Records, 'paymentRepo' | 'admissions'> &
    Pick<Messaging, 'mail'>,
): void {
  // The operation log (issue 39) and each record's own history, whose events the owning modules read (decision 180).
  const auditRepo = createAuditRepository(db);
  const applicationTimeline = createApplicationTimeline(db);
  // A change's cycle ids are named by their entry years, read through the admissions module.
  const cycles = admissions.datesOf;
  const auditLog = createAuditService({
    repo: auditRepo,
    people,
    cycles,
    countCap: config.auditCountCap,
    declared: () => declaredActions(app),
  });
  exports.register(auditExporter(auditLog));
  registerAuditRoutes(
    app,
    auditLog,
    createTimelineService({
      repo: auditRepo,
      people,
      cycles,
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
  const { primary, embedded } = createAssistantAnswerers({
    ...reports,
    dict: dictRepo,
    config: config.assistant,
    log: app.log,
  });
  registerAssistantRoutes(
    app,
    createAssistantService({
      repo: createAssistantRepository(db, dialect),
      primary,
      embedded,
      ratePerMinute: config.assistant.ratePerMinute,
      historyMessages: config.assistant.historyMessages,
      clock,
      log: app.log,
    }),
  );

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
}
