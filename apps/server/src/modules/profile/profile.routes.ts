import type { FastifyInstance } from 'fastify';
import { personalCvApi, profileApi } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { readMultipart } from '../../http/multipart.js';
import { defineRoute } from '../../http/route.js';
import { storedFileBody, type FileStorage } from '../files/index.js';
import type { ProfileService } from './profile.service.js';

const tags = ['member'];
// An avatar is a small picture (the browser crops and scales it before upload).
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { profiles: ProfileService; storage: FileStorage; config: Config },
): void {
  const { profiles, storage, config } = deps;

  defineRoute(app, {
    ...profileApi.detail,
    access: 'signedIn',
    tags,
    summary: "The signed-in member's own profile (account names plus the user-centre fields)",
    handler: ({ member }) => profiles.detail(member!),
  });

  defineRoute(app, {
    ...profileApi.update,
    access: 'signedIn',
    audit: { action: 'profile.update', record: 'member', self: true },
    tags,
    summary: 'Edit the own profile; absent fields keep their value, empty ones clear it',
    description: 'E-mail and mobile are read-only here (changed through binding). Lists are JSON arrays, capped.',
    handler: ({ member, body }) => profiles.update(member!, body),
  });

  defineRoute(app, {
    ...profileApi.uploadAvatar,
    multipart: {},
    access: 'signedIn',
    audit: { action: 'profile.uploadAvatar' },
    tags,
    summary: 'Upload the own avatar (multipart field `file`: PNG, JPEG or GIF checked by content, at most 2 MB)',
    handler: async ({ req, member }) => {
      const maxBytes = Math.min(AVATAR_MAX_BYTES, config.uploadMaxBytes);
      const form = await readMultipart(req, { maxBytes, sink: storage.sink });
      try {
        return await profiles.uploadAvatar(member!, form.file);
      } finally {
        if (form.file) await storage.discard(form.file);
      }
    },
  });

  defineRoute(app, {
    ...profileApi.avatar,
    access: 'signedIn',
    tags,
    summary: "A member's uploaded avatar (authenticated; 404 when they have none)",
    handler: async ({ query, reply }) => {
      return storedFileBody(reply, await profiles.openAvatar(query.id));
    },
  });

  defineRoute(app, {
    ...profileApi.updateMyLocation,
    access: 'signedIn',
    audit: { action: 'profile.updateLocation' },
    tags,
    summary: "Record the signed-in member's city and location (absent keeps, empty clears; one is required)",
    handler: ({ member, body }) => profiles.updateLocation(member!, body),
  });

  defineRoute(app, {
    ...profileApi.switchRole,
    access: 'signedIn',
    audit: { action: 'profile.switchRole' },
    tags,
    summary: 'Role switching: this session acts as one of the member’s roles (empty roleId: all of them)',
    description:
      'Permission checks, the menu and the button list follow the active role from the next call on. ' +
      'Errors: 7500 the member does not hold the role. If the role is later taken away, all roles count again.',
    handler: ({ member, body }) => profiles.switchRole(member!, body.roleId ?? null),
  });

  defineRoute(app, {
    ...personalCvApi.findByMemberId,
    access: 'signedIn',
    tags: ['personalCv'],
    summary: "The caller's CV (memberId is the caller): headline and objective plus the profile; cv null before create",
    handler: ({ member }) => profiles.findCv(member!),
  });

  defineRoute(app, {
    ...personalCvApi.create,
    access: 'signedIn',
    audit: { action: 'profile.createCv', record: 'personalCv' },
    tags: ['personalCv'],
    summary: "Create the caller's CV (7501 when it exists)",
    handler: ({ member, body }) => profiles.createCv(member!, body),
  });

  defineRoute(app, {
    ...personalCvApi.update,
    access: 'signedIn',
    audit: { action: 'profile.updateCv', record: 'personalCv' },
    tags: ['personalCv'],
    summary: "Update the caller's CV (7502 before it is created)",
    handler: ({ member, body }) => profiles.updateCv(member!, body),
  });
}
