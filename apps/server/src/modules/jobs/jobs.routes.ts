import type { FastifyInstance } from 'fastify';
import { jobsApi } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import { storedFileBody } from '../files/index.js';
import type { JobService } from './jobs.service.js';

const tags = ['jobs'];

export function registerJobRoutes(app: FastifyInstance, jobs: JobService): void {
  defineRoute(app, {
    ...jobsApi.status,
    access: 'signedIn',
    tags,
    summary: "One of the caller's background jobs: status and progress (polled while it runs)",
    description: "Another member's job is not found (404).",
    handler: ({ query, member }) => jobs.status(query.id, member!.id),
  });

  defineRoute(app, {
    ...jobsApi.download,
    access: 'signedIn',
    audit: { action: 'jobs.download', record: 'job' },
    tags,
    summary: "The file of one of the caller's finished jobs (the link in its message), never cached",
    description:
      "Another member's job is not found (404); 7971 while it runs, 7972 when it failed, 7970 after it expired " +
      "(JOB_FILE_HOURS, or the kind's own period: seven days for the subject access archive); 403 when the owner no " +
      "longer holds the kind's permission (an export: its list's). Every download is in the audit log.",
    handler: async ({ query, member, reply }) => {
      return storedFileBody(reply, await jobs.file(query.id, member!.id, member!.perms));
    },
  });
}
