import type { ApplicationListItem, ApplicationSimple, ApplicationView, FileRecord, PersonRef } from '@study-crm/shared';
import type { ApplicationRow, ChildRows, ListRow } from './application.repository.js';
import type { FileRow } from './file.repository.js';
import { pick } from '../../lib/pick.js';
import { personRef } from '../people/index.js';

// The one place application rows become responses. Teacher and uploader names come from the people module;
// the completion ratio is derived from the follow-up counts, never stored.
export type Names = Map<number, PersonRef>;
export type Ratio = { followDone: number; followTotal: number; completionRatio: number };

// The fields the list row and the header share, with the two teachers named; each view adds its own to this object
// (Object.assign, decision 297).
type SummaryRow = Pick<
  ApplicationRow,
  | 'id'
  | 'name'
  | 'engLastName'
  | 'engFirstName'
  | 'email'
  | 'passportNo'
  | 'status'
  | 'applicationDate'
  | 'signingTeacherId'
  | 'followTeacherId'
>;
const summary = (r: SummaryRow, names: Names) => ({
  id: r.id,
  name: r.name,
  engLastName: r.engLastName,
  engFirstName: r.engFirstName,
  email: r.email,
  passportNo: r.passportNo,
  status: r.status,
  applicationDate: r.applicationDate,
  signingTeacher: personRef(names, r.signingTeacherId),
  followTeacher: personRef(names, r.followTeacherId),
});

export function toApplicationListItem(
  r: ListRow,
  names: Names,
  targetSchools: string[],
  ratio: Ratio,
): ApplicationListItem {
  return Object.assign(summary(r, names), { createdAt: r.createdAt, targetSchools }, ratio);
}

export function toApplicationSimple(r: ApplicationRow, names: Names, ratio: Ratio): ApplicationSimple {
  return Object.assign(
    summary(r, names),
    pick(r, ['areaCode', 'mobile', 'importantNotes']),
    { studentId: r.memberId, version: r.version },
    ratio,
  );
}

// The detail form: the row and its child rows (the response schema drops what the contract does not name).
export function toApplicationView({ memberId, ...r }: ApplicationRow, children: ChildRows): ApplicationView {
  return Object.assign(r, { studentId: memberId }, children);
}

export function toFileRecord(r: Omit<FileRow, 'storedName'>, names: Names): FileRecord {
  return {
    id: r.id,
    applicationId: r.applicationId,
    title: r.title,
    type: r.type,
    extension: r.extension,
    mime: r.mime,
    size: r.size,
    displayPath: r.displayPath,
    uploadedAt: r.uploadedAt,
    uploader: personRef(names, r.uploaderId),
  };
}
