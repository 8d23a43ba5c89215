import type { z } from 'zod';
import {
  ACCOUNT_TYPES,
  type AccountAddBody,
  type AccountListQuery,
  type AccountUpdateBody,
  type CheckGmProfileQuery,
} from '@study-crm/shared';
import { notFound } from '../../http/errors.js';
import type { Actor } from '../role/index.js';
import type { MemberService } from '../member/index.js';

// The account list (issue 21): the member app's accounts (students and parents). Every rule, code and uniqueness
// check is the member service's (the employee list's); this service only keeps the list to accounts that are not
// staff: a staff member is not found here (404), so these calls never touch an employee, and an account's type is
// student or parent only (the schemas refuse staff).
export function createUserAccountService(deps: { members: MemberService }) {
  const { members } = deps;

  async function account(id: number): Promise<number> {
    if ((await members.memberTypeOf(id)) === 'staff') throw notFound();
    return id;
  }

  return {
    list: (q: z.output<typeof AccountListQuery>) => members.list(q, { memberType: ACCOUNT_TYPES }),
    view: async (id: number) => members.view(await account(id)),
    add: (b: z.output<typeof AccountAddBody>, actor: Actor) =>
      members.add({ ...b, memberType: b.memberType ?? 'student', roleIds: [] }, actor),
    update: async (b: z.output<typeof AccountUpdateBody>, actor: Actor) =>
      members.update({ ...b, id: await account(b.id) }, actor),
    updateStatus: async (id: number, status: 'active' | 'inactive', actor: Actor) =>
      members.updateStatus(await account(id), status, actor),
    setPassword: async (id: number, password: string, actor: Actor) =>
      members.setPassword(await account(id), password, actor),
    remove: async (id: number, actor: Actor) => members.remove(await account(id), actor),
    checkGmProfile: (q: z.output<typeof CheckGmProfileQuery>) => members.checkContactFree(q),
  };
}
export type UserAccountService = ReturnType<typeof createUserAccountService>;
