import type { FastifyInstance } from 'fastify';
import { memberApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { MemberService } from './member.service.js';

const tags = ['member'];
// What the writes of a member share: the tag, and the errors they answer.
const memberWrite = {
  tags,
  description:
    'Errors: 400 names the field (roleIds when a staff member has no role), 5403 e-mail exists, 5402 mobile exists, ' +
    '5430 a member cannot deactivate or remove themselves, 5431 the last active administrator, 404 unknown member.',
};

export function registerMemberRoutes(app: FastifyInstance, members: MemberService): void {
  defineRoute(app, {
    ...memberApi.profile,
    access: 'signedIn',
    // Every screen's first call: the session check reads the profile in its own statement (issue 43).
    carry: 'profile',
    tags,
    summary: "The signed-in member's profile and roles",
    handler: ({ member }) => members.profile(member!),
  });

  defineRoute(app, {
    ...memberApi.staffList,
    access: PERM.memberList,
    tags,
    summary: 'Staff members, paged; search by part of a name, e-mail or mobile (memberType defaults to staff)',
    handler: ({ query }) => members.list(query, { memberType: 'staff' }),
  });

  defineRoute(app, {
    ...memberApi.list,
    access: PERM.memberList,
    tags,
    summary: 'Accounts of any member type, paged (the account list)',
    handler: ({ query }) => members.list(query),
  });

  defineRoute(app, {
    ...memberApi.view,
    access: PERM.memberView,
    tags,
    summary: 'One member with roles and recent sign-ins',
    handler: ({ query }) => members.view(query.id),
  });

  defineRoute(app, {
    ...memberApi.roleOptions,
    access: PERM.memberList,
    tags,
    summary: 'Roles to choose from in the member form and filter',
    handler: () => members.roleOptions(),
  });

  defineRoute(app, {
    ...memberApi.add,
    ...memberWrite,
    access: PERM.memberAdd,
    audit: { action: 'member.add', record: 'member' },
    summary: 'Add a member (staff need at least one role)',
    handler: ({ body, member }) => members.add(body, member!),
  });

  for (const endpoint of [memberApi.updateMc, memberApi.update]) {
    defineRoute(app, {
      ...endpoint,
      ...memberWrite,
      access: PERM.memberUpdate,
      audit: { action: 'member.update', record: 'member' },
      summary: 'Update a member: absent fields are kept, empty ones cleared; deactivating ends their sessions',
      handler: ({ body, member }) => members.update(body, member!),
    });
  }

  defineRoute(app, {
    ...memberApi.updateStatus,
    ...memberWrite,
    access: PERM.memberUpdate,
    audit: { action: 'member.updateStatus', record: 'member' },
    summary: 'Activate or deactivate a member; deactivating ends their sessions at once',
    handler: ({ body, member }) => members.updateStatus(body.id, body.status, member!),
  });

  defineRoute(app, {
    ...memberApi.setPassword,
    access: PERM.memberSetPassword,
    audit: { action: 'member.setPassword', record: 'member' },
    tags,
    summary: "Set a member's password (8 to 20 characters); their other sessions end",
    handler: ({ body, member }) => members.setPassword(body.id, body.password, member!),
  });

  defineRoute(app, {
    ...memberApi.remove,
    ...memberWrite,
    access: PERM.memberRemove,
    audit: { action: 'member.remove', record: 'member' },
    summary: 'Remove a member (soft delete: their history keeps the name); ends their sessions',
    handler: ({ body, member }) => members.remove(body.id, member!),
  });

  defineRoute(app, {
    ...memberApi.addMemberEmail,
    access: PERM.memberUpdate,
    audit: { action: 'member.addEmail', record: 'member' },
    tags,
    summary: "Add or replace a member's login e-mail",
    description: 'Errors: 400 invalid e-mail, 5403 e-mail exists, 404 unknown member.',
    handler: ({ body, member }) => members.addEmail(body.id, body.email, member!),
  });

  defineRoute(app, {
    ...memberApi.countMember,
    access: PERM.memberList,
    tags,
    summary: 'Member counts for the dashboard (new = registered in the past 30 days)',
    handler: () => members.counts(),
  });
}
