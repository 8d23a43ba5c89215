import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import type { Identity } from './wiring.identity.js';
import type { Platform } from './wiring.platform.js';
import type { Setup } from './wiring.setup.js';
import {
  createAdmissionsRepository,
  createAdmissionsService,
  createVisaStageRepository,
  createVisaStageService,
  registerAdmissionsRoutes,
  registerVisaStageRoutes,
  visaStageExporter,
} from './admissions/index.js';
import {
  applicationExporter,
  createApplicationRepository,
  createApplicationService,
  createBoardRepository,
  createBoardService,
  createFileRepository,
  createFileService,
  createVisaRepository,
  createVisaService,
  registerApplicationRoutes,
  registerBoardRoutes,
  registerVisaRoutes,
} from './application/index.js';
import {
  createFollowUpRepository,
  createFollowUpService,
  followProgressJson,
  registerFollowUpRoutes,
} from './follow-up/index.js';
import {
  createImportRepository,
  createImportService,
  registerImportRoutes,
  scheduleImportSweep,
} from './import/index.js';
import {
  createPaymentRepository,
  createPaymentService,
  paymentExporter,
  registerPaymentRoutes,
  trackExporter,
} from './payment/index.js';
import {
  createProjectRepository,
  createProjectService,
  projectExporter,
  registerProjectRoutes,
} from './project/index.js';
import {
  contributionExporter,
  createTaskRepository,
  createTaskService,
  kpiTypeExporter,
  registerTaskRoutes,
  taskExporter,
} from './task/index.js';

// Which of these stored names something keeps.
export type StoredNamesCheck = (storedNames: readonly string[]) => Promise<Set<string>>;

// The records staff keep: study-abroad applications with their files, visa checklist, board and follow-up items,
// payments, spreadsheet imports into these forms, and projects with their tasks.
export function wireRecords(
  app: FastifyInstance,
  { config, db, dialect, clock }: ModuleDeps,
  {
    people,
    storage,
    uploads,
    inbox,
    jobs,
    guard,
    exports,
    dictRepo,
    dictService,
    tagService,
    members,
    roleRepo,
    keptAnywhere,
  }: Pick<Platform, 'people' | 'storage' | 'uploads' | 'inbox' | 'jobs' | 'guard' | 'exports'> &
    Pick<Setup, 'dictRepo' | 'dictService' | 'tagService'> &
    Pick<Identity, 'members' | 'roleRepo'> & { keptAnywhere: StoredNamesCheck },
) {
  // Study-abroad applications, their files and follow-up items (issue 7).
  // The list's page reads the follow-up progress in its own statement on PostgreSQL, unless the ratio counts the
  // visa checklist's steps too (then the service reads both).
  const applicationRepo = createApplicationRepository(db, {
    ...(config.visaStepsInRatio ? {} : { followProgress: followProgressJson }),
  });
  const fileRepo = createFileRepository(db);
  const paymentRepo = createPaymentRepository(db);
  const followUpRepo = createFollowUpRepository(db);
  // UCAS admissions cycles (issue 40): the dates the target-school rules read.
  const admissions = createAdmissionsService({ repo: createAdmissionsRepository(db), clock });
  registerAdmissionsRoutes(app, admissions);
  // The Student visa checklist (issue 40): stages kept under System setup, steps on each application.
  const visaStages = createVisaStageService({ repo: createVisaStageRepository(db), dict: dictRepo, clock });
  registerVisaStageRoutes(app, visaStages);
  exports.register(visaStageExporter({ stages: visaStages, dict: dictRepo }));
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
  exports.register(applicationExporter({ applications, dict: dictRepo }));
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
  const imports = createImportService({
    repo: createImportRepository(db),
    services: {
      tags: tagService,
      dict: dictService,
      members,
      applications,
      guard,
      memberIdWith: people.memberIdWith,
      roleNames: roleRepo.nameIndex,
    },
    clock,
    jobs,
    permsOf: guard.permsOf,
    audit: app.audit,
    keepMs: config.importKeepMs,
  });
  registerImportRoutes(app, { imports, storage });
  scheduleImportSweep(app, imports);
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
    keptAnywhere,
    people,
    dict: dictRepo,
    storage,
    clock,
    uploadedBy: uploads.uploadedBy,
    log: app.log,
  });
  registerPaymentRoutes(app, payments);
  exports.register(paymentExporter({ payments, dict: dictRepo }));
  exports.register(trackExporter(payments));

  // Projects (issue 21): other modules (tasks) ask about projects through this service only.
  const projects = createProjectService({ repo: createProjectRepository(db, dialect), people, clock });
  registerProjectRoutes(app, projects);
  exports.register(projectExporter(projects));
  // Tasks of projects, KPI types and contribution records: projects are asked through their service.
  const tasks = createTaskService({ repo: createTaskRepository(db), projects, people, clock });
  registerTaskRoutes(app, tasks);
  exports.register(taskExporter(tasks));
  exports.register(contributionExporter(tasks));
  exports.register(kpiTypeExporter(tasks));

  return { applications, fileRepo, paymentRepo, admissions, visa };
}

export type Records = ReturnType<typeof wireRecords>;
