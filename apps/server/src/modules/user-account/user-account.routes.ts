import type { FastifyInstance } from 'fastify';
import { accountListApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { UserAccountService } from './user-account.service.js';

const tags = ['account list'];
// What the calls on one account share: the tag, and the errors they answer.
const accountCall = {
  tags,
  description:
    'Staff accounts are not found here (404): they belong to the employee list. 400 names the field, 5403 e-mail ' +
    'exists, 5402 mobile exists.',
};

export function registerUserAccountRoutes(app: FastifyInstance, accounts: UserAccountService): void {
  defineRoute(app, {
    ...accountListApi.list,
    access: PERM.userList,
    tags,
    summary: "The member app's accounts (not staff), paged; search, status and identity filters, sort",
    handler: ({ query }) => accounts.list(query),
  });
  defineRoute(app, {
    ...accountListApi.view,
    ...accountCall,
    access: PERM.userList,
    summary: 'One account with its recent sign-ins',
    handler: ({ query }) => accounts.view(query.id),
  });
  defineRoute(app, {
    ...accountListApi.add,
    ...accountCall,
    access: PERM.userAdd,
    audit: { action: 'userAccount.add', record: 'member' },
    summary: 'Add an account (e-mail, password 8–20, optional mobile and names)',
    handler: ({ body, member }) => accounts.add(body, member!),
  });
  defineRoute(app, {
    ...accountListApi.update,
    ...accountCall,
    access: PERM.userUpdate,
    audit: { action: 'userAccount.update', record: 'member' },
    summary: 'Edit an account: absent fields are kept, empty ones cleared',
    handler: ({ body, member }) => accounts.update(body, member!),
  });
  defineRoute(app, {
    ...accountListApi.updateStatus,
    ...accountCall,
    access: PERM.userUpdate,
    audit: { action: 'userAccount.updateStatus', record: 'member' },
    summary: 'Activate or deactivate an account; deactivating ends its sessions',
    handler: ({ body, member }) => accounts.updateStatus(body.id, body.status, member!),
  });
  defineRoute(app, {
    ...accountListApi.setPassword,
    ...accountCall,
    access: PERM.userSetPassword,
    audit: { action: 'userAccount.setPassword', record: 'member' },
    summary: "Set an account's password (8–20); its sessions end",
    handler: ({ body, member }) => accounts.setPassword(body.id, body.password, member!),
  });
  defineRoute(app, {
    ...accountListApi.remove,
    ...accountCall,
    access: PERM.userRemove,
    audit: { action: 'userAccount.remove', record: 'member' },
    summary: 'Remove an account (soft)',
    handler: ({ body, member }) => accounts.remove(body.id, member!),
  });
  defineRoute(app, {
    ...accountListApi.checkGmProfile,
    access: PERM.userList,
    tags,
    summary: 'Whether an e-mail and a mobile are free (5403 / 5402 when another member has them)',
    handler: ({ query }) => accounts.checkGmProfile(query),
  });
}
