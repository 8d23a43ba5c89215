import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import type { Platform } from './wiring.platform.js';
import { createAccountRepository, createAccountService, registerAccountRoutes } from './account/index.js';
import { createAuthRepository, createAuthService, createStepUp, registerAuthRoutes } from './auth/index.js';
import {
  createLabelRepository,
  createLabelService,
  labelExporter,
  memberLabelsJson,
  registerLabelRoutes,
} from './label/index.js';
import { createMemberRepository, createMemberService, employeeExporter, registerMemberRoutes } from './member/index.js';
import {
  createPermissionRepository,
  createPermissionService,
  registerOwnPermissionRoutes,
  registerPermissionAdminRoutes,
} from './permission/index.js';
import { createProfileRepository, createProfileService, registerProfileRoutes } from './profile/index.js';
import { createRoleRepository, createRoleService, registerRoleRoutes, roleExporter } from './role/index.js';
import { createTwoFactorRepository, createTwoFactorService, registerTwoFactorRoutes } from './two-factor/index.js';
import { accountExporter, createUserAccountService, registerUserAccountRoutes } from './user-account/index.js';
import { createWalletRepository, createWalletService, registerWalletRoutes } from './wallet/index.js';

// Identity and access: sign-in and two-factor, menus and roles, the own account and wallet, member labels, the
// member and account lists, and the user centre's profile. Binding codes go by e-mail and SMS, so verification is
// wired with messaging (wiring.messaging.ts).
export function wireIdentity(
  app: FastifyInstance,
  { config, db, dialect, clock, sessions }: ModuleDeps,
  {
    credentials,
    people,
    storage,
    captcha,
    box,
    guard,
    exports,
  }: Pick<Platform, 'credentials' | 'people' | 'storage' | 'captcha' | 'box' | 'guard' | 'exports'>,
) {
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

  const menus = createPermissionService({ repo: createPermissionRepository(db), clock, guard });
  registerOwnPermissionRoutes(app, menus);
  registerPermissionAdminRoutes(app, menus);
  const account = createAccountService(createAccountRepository(db), credentials, sessions, clock, config);
  registerAccountRoutes(app, account);

  const labels = createLabelService({ repo: createLabelRepository(db), people, clock });
  registerLabelRoutes(app, labels);
  exports.register(labelExporter(labels));

  // The member's own wallet (issue 19); its activated address is part of the profile (playData.walletAddress), read
  // in the member's own statement through the wallet's front door (activeWalletAddress).
  const wallet = createWalletService({
    repo: createWalletRepository(db),
    box,
    confirmPassword: account.confirmPassword,
    clock,
  });
  registerWalletRoutes(app, wallet);

  // On PostgreSQL the member list's page reads each member's labels in its own statement (decision 291).
  const memberRepo = createMemberRepository(db, dialect, { labels: memberLabelsJson });
  const members = createMemberService({
    repo: memberRepo,
    sessions,
    clock,
    guard,
    labelsOf: labels.labelsOf,
    setPassword: credentials.setPassword,
  });
  registerMemberRoutes(app, members);
  // Roles after members: a member's roles change under the member module's last-administrator rule (decision 335).
  const roleRepo = createRoleRepository(db);
  const roles = createRoleService({
    repo: roleRepo,
    people,
    clock,
    guard,
    twoFactorRoles: config.twoFactorRoles,
    keepsActiveAdmin: members.keepsActiveAdmin,
  });
  registerRoleRoutes(app, roles);
  exports.register(roleExporter(roles));

  // The account list (issue 21): the member app's accounts, on the member service's rules and codes.
  const accounts = createUserAccountService({ members });
  registerUserAccountRoutes(app, accounts);
  exports.register(employeeExporter(members));
  exports.register(accountExporter(accounts));

  // User centre (issue 19): own profile, avatar, location, CV and role switching.
  const profiles = createProfileService({ repo: createProfileRepository(db), members, sessions, storage, clock });
  registerProfileRoutes(app, { profiles, storage, config });

  return { roleRepo, memberRepo, members, profiles };
}

export type Identity = ReturnType<typeof wireIdentity>;
