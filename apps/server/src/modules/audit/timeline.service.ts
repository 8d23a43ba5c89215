import { Code, PERM, type TimelineInput, type TimelinePage, type TimelineRecordType } from '@study-crm/shared';
import { AppError, found } from '../../http/errors.js';
import { mergeTimeline, parseCursor, type TimelineSource } from '../../lib/timeline.js';
import { personRef, type PeopleService } from '../people/index.js';
import type { AuditRepository } from './audit.repository.js';
import { refsOf, type RefReaders } from './audit-refs.js';

const PAGE_DEFAULT = 20;

// What the timeline needs of a record: the permissions of the screens that shows it, and the record itself through
// its module's front door (undefined: not there, answered 404), with its student's addresses for an application.
export type TimelineRecord = {
  // Any of these (a member: the employee list's or the account list's).
  perms: readonly string[];
  find: (id: number) => Promise<{ emails?: string[]; phones?: string[] } | undefined>;
};

// The sources only an application has, each the owning module's (modules/index.ts hands them over).
export type ApplicationTimelineSources = {
  followUps: (applicationId: number) => TimelineSource;
  files: (applicationId: number) => TimelineSource;
  payments: (applicationId: number) => TimelineSource;
  emails: (addresses: readonly string[]) => TimelineSource;
  sms: (phones: readonly string[]) => TimelineSource;
};

// A record's own history (decision 180): refused unless the caller may see the record; each kind of event only with
// the permission of its own list (changes: the operation log's).
export function createTimelineService(deps: {
  repo: AuditRepository;
  people: PeopleService;
  // The cycles' entry years (admissions module): a change's cycle id shown by name.
  cycles: RefReaders['cycles'];
  records: Record<TimelineRecordType, TimelineRecord>;
  application: ApplicationTimelineSources;
}) {
  const { repo, people, records, application } = deps;
  return {
    async timeline(perms: ReadonlySet<string>, q: TimelineInput): Promise<TimelinePage> {
      const record = records[q.recordType];
      if (!record.perms.some((p) => perms.has(p))) throw new AppError(Code.FORBIDDEN);
      const target = found(await record.find(q.recordId));
      const sources: TimelineSource[] = [];
      if (perms.has(PERM.auditList)) sources.push(repo.changes(q.recordType, q.recordId));
      if (q.recordType === 'application') {
        const id = q.recordId;
        if (perms.has(PERM.followList)) sources.push(application.followUps(id));
        if (perms.has(PERM.fileList)) sources.push(application.files(id));
        if (perms.has(PERM.paymentList)) sources.push(application.payments(id));
        if (perms.has(PERM.emailList)) sources.push(application.emails(target.emails ?? []));
        if (perms.has(PERM.smsList)) sources.push(application.sms(target.phones ?? []));
      }
      const { items, next } = await mergeTimeline(sources, parseCursor(q.cursor), q.pageSize ?? PAGE_DEFAULT);
      const [names, refs] = await Promise.all([
        people.names(items.map((i) => i.actorId)),
        refsOf(
          { people, cycles: deps.cycles },
          items.map((i) => ({ recordType: q.recordType, changes: i.changes ?? [] })),
        ),
      ]);
      return {
        events: items.map((i) => ({
          key: `${i.kind}.${i.id}`,
          kind: i.kind,
          at: i.at,
          refId: i.id,
          actor: personRef(names, i.actorId),
          title: i.title,
          detail: i.detail,
          outcome: i.outcome ?? null,
          changes: i.changes ?? [],
          amount: i.amount ?? null,
        })),
        next,
        refs,
      };
    },
  };
}
export type TimelineService = ReturnType<typeof createTimelineService>;
