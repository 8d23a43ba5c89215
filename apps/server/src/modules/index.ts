import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import { createApplicationRepository } from './application/application.repository.js';
import { registerApplicationRoutes } from './application/application.routes.js';
import { createApplicationService } from './application/application.service.js';
import { createFileRepository } from './application/file.repository.js';
import { createFileService, createFileStorage } from './application/file.service.js';
import { scheduleOrphanSweep } from './application/orphan-sweep.js';
import { createPeopleRepository } from './application/people.repository.js';
import { createFollowUpRepository } from './follow-up/follow-up.repository.js';
import { registerFollowUpRoutes } from './follow-up/follow-up.routes.js';
import { createFollowUpService } from './follow-up/follow-up.service.js';
import { createAuthRepository } from './auth/auth.repository.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';
import { createCaptchaRepository } from './captcha/captcha.repository.js';
import { registerCaptchaRoutes } from './captcha/captcha.routes.js';
import { createCaptchaService } from './captcha/captcha.service.js';
import { createAccessGuard } from './access-guard/index.js';
import { createAccountRepository } from './account/account.repository.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { createAccountService } from './account/account.service.js';
import { createMessageBoxRepository } from './messagebox/messagebox.repository.js';
import { registerMessageBoxRoutes } from './messagebox/messagebox.routes.js';
import { createMessageBoxService } from './messagebox/messagebox.service.js';
import { createMemberRepository } from './member/member.repository.js';
import { registerMemberRoutes } from './member/member.routes.js';
import { createMemberService } from './member/member.service.js';
import { createPermissionRepository } from './permission/permission.repository.js';
import { createConfigAccessor } from './sysconfig/config-accessor.js';
import { createSysConfigRepository } from './sysconfig/sysconfig.repository.js';
import { registerSysConfigRoutes } from './sysconfig/sysconfig.routes.js';
import { createSysConfigService } from './sysconfig/sysconfig.service.js';
import { createDictRepository } from './dict/dict.repository.js';
import { registerDictRoutes } from './dict/dict.routes.js';
import { createDictService } from './dict/dict.service.js';
import { createTagRepository } from './tag/tag.repository.js';
import { registerTagRoutes } from './tag/tag.routes.js';
import { createTagService } from './tag/tag.service.js';
import { createLabelRepository } from './label/label.repository.js';
import { registerLabelRoutes } from './label/label.routes.js';
import { createLabelService } from './label/label.service.js';
import { registerOwnPermissionRoutes, registerPermissionAdminRoutes } from './permission/permission.routes.js';
import { createPermissionService } from './permission/permission.service.js';
import { createRoleRepository } from './role/role.repository.js';
import { registerRoleRoutes } from './role/role.routes.js';
import { createRoleService } from './role/role.service.js';

// One line (or block) per business domain.
export function registerModules(app: FastifyInstance, deps: ModuleDeps): void {
  const { config, db, dialect, clock, sessions } = deps;

  const captcha = createCaptchaService(createCaptchaRepository(db), config, clock);
  registerCaptchaRoutes(app, captcha);

  const authRepo = createAuthRepository(db);
  const auth = createAuthService({ repo: authRepo, captcha, sessions, config, clock });
  registerAuthRoutes(app, { auth, repo: authRepo, sessions });

  // No vertical escalation: every call that grants roles or acts on accounts checks the caller's own permissions.
  const guard = createAccessGuard(db);
  const permissionRepo = createPermissionRepository(db);
  registerOwnPermissionRoutes(app, permissionRepo);
  registerPermissionAdminRoutes(app, createPermissionService({ repo: permissionRepo, clock }));
  registerRoleRoutes(app, createRoleService({ repo: createRoleRepository(db), clock, guard }));

  registerAccountRoutes(app, createAccountService(createAccountRepository(db), clock, config));
  registerMessageBoxRoutes(app, createMessageBoxService(createMessageBoxRepository(db), clock));

  // System setup. The config accessor is the one way the server reads configs (app.configs).
  const sysConfigRepo = createSysConfigRepository(db);
  const configs = createConfigAccessor(sysConfigRepo, config, clock);
  app.decorate('configs', configs);
  registerSysConfigRoutes(app, createSysConfigService({ repo: sysConfigRepo, accessor: configs, clock }));
  const dictRepo = createDictRepository(db);
  registerDictRoutes(app, createDictService({ repo: dictRepo, clock }));
  registerTagRoutes(app, createTagService({ repo: createTagRepository(db), clock }));
  registerLabelRoutes(app, createLabelService({ repo: createLabelRepository(db), clock }));

  const members = createMemberService({ repo: createMemberRepository(db, dialect), sessions, clock, guard });
  registerMemberRoutes(app, members);

  // Study-abroad applications, their files and follow-up items (issue 7).
  const applicationRepo = createApplicationRepository(db);
  const people = createPeopleRepository(db);
  const storage = createFileStorage(config, clock);
  const fileRepo = createFileRepository(db);
  scheduleOrphanSweep(app, { storage, files: fileRepo, clock });
  registerApplicationRoutes(app, {
    applications: createApplicationService({ db, repo: applicationRepo, people, dict: dictRepo, clock }),
    files: createFileService({
      files: fileRepo,
      applications: applicationRepo,
      people,
      storage,
      dict: dictRepo,
      clock,
    }),
    storage,
    config,
  });
  registerFollowUpRoutes(
    app,
    createFollowUpService({
      repo: createFollowUpRepository(db),
      applications: applicationRepo,
      people,
      dict: dictRepo,
      db,
      // Follow-up items feed the follow teacher's to-dos in the message box.
      todos: createMessageBoxRepository,
      clock,
    }),
  );
}
