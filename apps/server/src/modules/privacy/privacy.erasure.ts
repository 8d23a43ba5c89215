import { line, noteRecords, type ErasureLine, type PersonalDataPart } from '../../db/personal-data.js';
import type { InboxService } from '../inbox/index.js';
import type { JobService } from '../jobs/index.js';
import type { PrivacyRepository } from './privacy.repository.js';
import { EXPORT_JOB_KIND, REQUEST_SOURCE } from './privacy.service.js';

// The privacy module's share of an erasure (issue 41) for what it made about the person, not their own data: their
// subject access exports (jobs of the jobs module, each a zip of everything held about them, passport scans
// included) are withdrawn, a finished one's download answering expired (7970) and its file removed from storage after
// the commit; the notes of their requests are emptied (free text that may name them), the requests kept as the
// record of what was asked and answered; the reminder to-dos naming them leave the assignees' message boxes (a later
// reminder day names the pseudonym). The requests are records of the audit log (`privacy.addRequest` holds the note):
// noted, so its entries of them keep which fields changed, not the note (decision 357).
export function createPrivacyErasure(deps: {
  repo: Pick<PrivacyRepository, 'requestIdsOf' | 'notesOf' | 'blankNotes'>;
  jobs: Pick<JobService, 'matching' | 'withdrawFiles'>;
  inbox: Pick<InboxService, 'syncSourceTodo'>;
}): PersonalDataPart {
  const { repo, jobs, inbox } = deps;
  const theirs = (memberId: number) => (params: unknown) =>
    (params as { subjectId?: unknown } | null)?.subjectId === memberId;
  const lines = (files: number, notes: number): ErasureLine[] => [
    line('privacy', 'storedFile', 'erase', files, 'personal'),
    line('privacy', 'privacyRequest', 'anonymise', notes, 'blanked'),
  ];
  return {
    module: 'privacy',
    async collect(conn, s) {
      noteRecords(s, 'privacyRequest', await repo.requestIdsOf(s.memberId, conn));
    },
    async plan(conn, s) {
      const { storedNames } = await jobs.matching(conn, EXPORT_JOB_KIND, theirs(s.memberId));
      return lines(storedNames.length, await repo.notesOf(s.memberId, conn));
    },
    async erase(tx, s) {
      const storedNames = await jobs.withdrawFiles(tx, EXPORT_JOB_KIND, theirs(s.memberId));
      const notes = await repo.blankNotes(tx, s.memberId, s.now);
      for (const id of await repo.requestIdsOf(s.memberId, tx))
        await inbox.syncSourceTodo({ kind: REQUEST_SOURCE, id }, null, tx);
      return { lines: lines(storedNames.length, notes), storedNames };
    },
  };
}
