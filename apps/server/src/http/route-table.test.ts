import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import * as shared from '@study-crm/shared';
import { PERM } from '@study-crm/shared';
import {
  createRole,
  createStaff,
  permissionId,
  permissionIds,
  setRolePerms,
  STAFF_PASSWORD,
} from '../test/access-fixtures.js';
import { ACCESS_EXCEPTIONS } from './access.js';
import type { RouteInfo } from './route.js';

const PERM_IDS = new Set<string>(Object.values(PERM));
// The shared endpoint descriptions marked public (`publicCall`): the calls that need no session.
const publicEndpoints = Object.values(shared as Record<string, unknown>)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
  .flatMap((api) => Object.values(api))
  .filter(
    (e): e is { method: string; url: string; public: true } =>
      typeof e === 'object' && e !== null && (e as { public?: unknown }).public === true,
  );
const isPermRoute = (r: RouteInfo) => r.access !== 'public' && r.access !== 'signedIn';
// Path parameters get a harmless value; the checks run before the handler reads them.
const concrete = (url: string) => url.replace(/:\w+/g, '1');

// Walks the whole route table of a full app: routes added later by other modules are covered automatically.
// Exceptions whose service answers 403 to a member who holds no permission and no record of theirs.
const SERVICE_REFUSES_NOBODY = new Set(['GET /api/v1/cake/projects/staffOptions']);

describe('route table', () => {
  const t = useTestApp();
  let routes: RouteInfo[];
  let adminToken: string;
  let probeRole: number;
  let probeToken: string;

  beforeAll(async () => {
    routes = [...t.app.routeTable];
    adminToken = (await t.login()).token;
    // The probe holds one role whose permissions each test sets directly in the database.
    probeRole = await createRole(t.db.db, 'ROLE_PROBE', []);
    await createStaff(t.db.db, 'probe', [probeRole]);
    probeToken = (await t.login('probe', STAFF_PASSWORD)).token;
  });

  // Empty or minimal parameters: a 400 still proves the caller was let through.
  async function call(route: RouteInfo, token: string | null): Promise<number> {
    const url = concrete(route.url);
    const res = await t.app.inject({
      method: route.method as 'GET' | 'POST',
      url: `${url}?appId=${t.config.appId}&mcId=COM`,
      headers: {
        ...t.headers({ token }),
        ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(route.method === 'POST' ? { payload: '' } : {}),
    });
    // Binary answers (images, downloads) mean the call went through.
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) return 200;
    return (res.json() as { meta: { code: number } }).meta.code;
  }

  it('has routes from every module, each declaring a permission id or listed as an exception', () => {
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (isPermRoute(r)) {
        if (!PERM_IDS.has(r.access)) problems.push(`${key}: '${r.access}' is not a PERM id`);
      } else if (r.access === 'public' ? !r.public : ACCESS_EXCEPTIONS[key] !== r.access) {
        problems.push(
          `${key}: '${r.access}' without ${r.access === 'public' ? 'the public mark' : 'an ACCESS_EXCEPTIONS entry'}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  // Decision 376: the web client leaves calls to the endpoints marked public out of the session's activity, so each
  // must be a public route, and the public routes exactly those (registration checks each route it is given).
  it('serves every shared endpoint marked public as a public route, and no other route is public', () => {
    const marked = [...new Set(publicEndpoints.map((e) => `${e.method} ${e.url}`))].sort();
    const open = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(marked.length).toBeGreaterThan(10);
    expect([...new Set(open)].sort()).toEqual(marked);
  });

  it('declares the audit of every writing route (a POST without one fails here)', () => {
    const writing = routes.filter((r) => r.method === 'POST');
    expect(writing.length).toBeGreaterThan(20);
    const missing = writing.filter((r) => !r.audit).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const malformed = writing.filter((r) => r.audit && !/^[a-z][A-Za-z]*\.[a-z][A-Za-z.]*$/.test(r.audit.action));
    expect(malformed.map((r) => `${r.url}: ${r.audit?.action}`)).toEqual([]);
  });

  it('can grant every permission a route needs: each is a row of the menu tree', async () => {
    const needed = [...new Set(routes.filter(isPermRoute).map((r) => r.access))];
    await expect(permissionIds(t.db.db, needed)).resolves.toHaveLength(needed.length);
  });

  it('refuses (403) a member lacking the permission of every route, and lets one holding it through', async () => {
    const problems: string[] = [];
    for (const r of routes.filter(isPermRoute)) {
      const key = `${r.method} ${r.url} (${r.access})`;
      // Everything except the route's own permission: refused.
      const others = [...PERM_IDS].filter((p) => p !== r.access);
      await setRolePerms(t.db.db, probeRole, others);
      const lacking = await call(r, probeToken);
      if (lacking !== 403) problems.push(`${key}: lacking → ${lacking}, expected 403`);
      // Only the route's own permission: let through.
      await setRolePerms(t.db.db, probeRole, [r.access]);
      const holding = await call(r, probeToken);
      if (holding === 403 || holding === 401 || holding === 500) {
        problems.push(`${key}: holding → ${holding}, expected to pass the check`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cannot grant beyond own: every granting route refuses (403) the administrator role or a permission not held', async () => {
    const granting = [PERM.memberAdd, PERM.memberUpdate, PERM.roleMembers, PERM.roleAdd, PERM.roleUpdate];
    await setRolePerms(t.db.db, probeRole, granting);
    const { mid } = await t.login('probe', STAFF_PASSWORD);
    const adminRole = await t.db.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'ROLE_ADMIN')
      .executeTakeFirstOrThrow();
    const dictListId = await permissionId(t.db.db, PERM.dictList);
    const calls: [string, Record<string, string | number | number[]>][] = [
      ['/api/v1/mc/member/add', { email: 'grant@example.test', password: STAFF_PASSWORD, roleIds: [adminRole.id] }],
      ['/api/v1/mc/member/update', { id: mid, roleIds: [probeRole, adminRole.id] }],
      ['/admin/v1/members/update', { id: mid, roleIds: [probeRole, adminRole.id] }],
      ['/api/v1/mc/sys/role/updateMemberRoles', { userId: mid, roleIds: [probeRole, adminRole.id] }],
      ['/api/v1/mc/sys/role/add', { name: 'ROLE_BEYOND', cnName: 'x', kind: 'general', permissionIds: [dictListId] }],
      ['/api/v1/mc/sys/role/editRolePermission', { id: probeRole, permissionIds: [dictListId] }],
    ];
    expect(routes.some((r) => r.url === '/api/v1/mc/sys/role/editRolePermission')).toBe(true);
    const problems: string[] = [];
    for (const [url, body] of calls) {
      const code = (await t.post(url, body, { token: probeToken })).meta.code;
      if (code !== 403) problems.push(`${url}: ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const problems: string[] = [];
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const code = await call(r, null);
      if (code !== 401) problems.push(`${r.method} ${r.url}: ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets any signed-in member call the exceptions, whatever their roles', async () => {
    await setRolePerms(t.db.db, probeRole, []);
    const problems: string[] = [];
    for (const r of routes.filter((x) => x.access === 'signedIn' && !x.url.endsWith('/logout'))) {
      const code = await call(r, probeToken);
      // The project staff picker is for those who may add project members: its service refuses (403) a member with
      // neither project:members nor a project to manage (decision 388); the route itself lets them through.
      const key = `${r.method} ${r.url}`;
      if (code === 401 || (code === 403 && !SERVICE_REFUSES_NOBODY.has(key))) problems.push(`${key}: ${code}`);
    }
    expect(problems).toEqual([]);
  });

  it('applies a role change on the next call, without a new sign-in', async () => {
    const list = { method: 'GET', url: '/api/v1/mc/sys/role/list', access: PERM.roleList } as const;
    const roleListId = await permissionId(t.db.db, PERM.roleList);
    const dictListId = await permissionId(t.db.db, PERM.dictList);
    const edit = (ids: number[]) =>
      t.post('/api/v1/mc/sys/role/editRolePermission', { id: probeRole, permissionIds: ids }, { token: adminToken });

    expect((await edit([dictListId])).meta.code).toBe(200);
    expect(await call(list, probeToken)).toBe(403);
    expect((await edit([roleListId])).meta.code).toBe(200);
    expect(await call(list, probeToken)).toBe(200);
    expect((await edit([dictListId])).meta.code).toBe(200);
    expect(await call(list, probeToken)).toBe(403);

    // Taking a role away through updateMemberRoles works the same way.
    const granted = await createRole(t.db.db, 'ROLE_GRANTED', [PERM.roleList]);
    const { mid } = await t.login('probe', STAFF_PASSWORD);
    const set = (roleIds: number[]) =>
      t.post('/api/v1/mc/sys/role/updateMemberRoles', { userId: mid, roleIds }, { token: adminToken });
    expect((await set([probeRole, granted])).meta.code).toBe(200);
    expect(await call(list, probeToken)).toBe(200);
    expect((await set([probeRole])).meta.code).toBe(200);
    expect(await call(list, probeToken)).toBe(403);
  });
});
