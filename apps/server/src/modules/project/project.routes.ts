import type { FastifyInstance } from 'fastify';
import { PERM, projectApi } from '@study-crm/shared';
import { caller } from '../../http/context.js';
import { defineRoute } from '../../http/route.js';
import type { ProjectService } from './project.service.js';

const tags = ['project'];

export function registerProjectRoutes(app: FastifyInstance, service: ProjectService): void {
  defineRoute(app, {
    ...projectApi.list,
    access: PERM.projectList,
    tags,
    summary: 'All projects, paged; search the name, filter status and member (staffId), sort',
    handler: ({ query, member }) => service.list(caller(member), query),
  });
  defineRoute(app, {
    ...projectApi.mine,
    access: 'signedIn',
    tags,
    summary: "The caller's projects (user centre)",
    handler: ({ query, member }) => service.mine(caller(member), query),
  });
  defineRoute(app, {
    ...projectApi.view,
    access: 'signedIn',
    tags,
    summary: 'A project with its members and shares; its members, or holders of project:list',
    handler: ({ query, member }) => service.view(caller(member), query.id),
  });
  defineRoute(app, {
    ...projectApi.add,
    access: PERM.projectAdd,
    audit: { action: 'project.add', record: 'project' },
    tags,
    summary: 'Add a project; the caller becomes its first manager',
    handler: ({ body, member }) => service.add(caller(member), body),
  });
  defineRoute(app, {
    ...projectApi.update,
    access: 'signedIn',
    audit: { action: 'project.update', record: 'project' },
    tags,
    summary: 'Edit a project (project:update or the project’s manager); a stale version is refused (409)',
    handler: ({ body, member }) => service.update(caller(member), body),
  });
  defineRoute(app, {
    ...projectApi.remove,
    access: PERM.projectRemove,
    audit: { action: 'project.remove', record: 'project' },
    tags,
    summary: 'Remove a project (soft)',
    handler: ({ body }) => service.remove(body.id),
  });
  defineRoute(app, {
    ...projectApi.staffOptions,
    access: 'signedIn',
    tags,
    summary: 'Staff to pick as project members, by part of a name, e-mail or mobile',
    description:
      'project:members or a manager of a project (403 otherwise; 1012 while the second factor is pending). An e-mail ' +
      'or mobile that matched is shown masked (•••) but for the words searched for.',
    handler: ({ query, member }) => service.staffOptions(caller(member), query.keyword),
  });
  defineRoute(app, {
    ...projectApi.addMember,
    access: 'signedIn',
    audit: { action: 'project.addMember', record: 'projectMember' },
    tags,
    summary: 'Add a member with a role and a fixed share (percent); shares above 100 % in all: code 1202',
    description: 'project:members or the project’s manager. The share total is checked with the project row locked.',
    handler: ({ body, member }) => service.addMember(caller(member), body),
  });
  defineRoute(app, {
    ...projectApi.updateMember,
    access: 'signedIn',
    audit: { action: 'project.updateMember', record: 'projectMember' },
    tags,
    summary: "Change a member's role and share; shares above 100 % in all: code 1202",
    handler: ({ body, member }) => service.updateMember(caller(member), body),
  });
  defineRoute(app, {
    ...projectApi.removeMember,
    access: 'signedIn',
    audit: { action: 'project.removeMember', record: 'projectMember' },
    tags,
    summary: 'Remove a member (the last manager stays: code 7701)',
    handler: ({ body, member }) => service.removeMember(caller(member), body.id),
  });
  defineRoute(app, {
    ...projectApi.checkMemberInProject,
    access: 'signedIn',
    tags,
    summary: 'Whether a staff member belongs to a project, and their role',
    handler: ({ query, member }) => service.checkMember(caller(member), query.projectId, query.staffId),
  });
  defineRoute(app, {
    ...projectApi.constitution,
    access: 'signedIn',
    tags,
    summary: "The project's constitution, latest or a past revision",
    handler: ({ query, member }) => service.constitution(caller(member), query.projectId, query.revision),
  });
  defineRoute(app, {
    ...projectApi.saveConstitution,
    access: 'signedIn',
    audit: { action: 'project.saveConstitution', record: 'projectConstitution' },
    tags,
    summary: 'Save the constitution as a new revision (project:constitution or the project’s manager)',
    handler: ({ body, member }) => service.saveConstitution(caller(member), body),
  });
  defineRoute(app, {
    ...projectApi.constitutionHistory,
    access: 'signedIn',
    tags,
    summary: "The constitution's revisions, newest first",
    handler: ({ query, member }) => service.constitutionHistory(caller(member), query),
  });
}
