import type { AuditRefKind } from './schemas/audit.js';

// The audited record types and the fields of theirs that name people and cycles by id, in a module of their own: the
// screens that read them (the operation log, a record's History) load them, the first screen does not.

// The tables routes declare as their audited record (the server's AuditDecl takes one of these): the operation log
// names each one's changed fields by its form's labels, and the web's field tables must cover every one.
export const AUDIT_RECORD_TYPES = [
  'admissionsCycle',
  'application',
  'applicationFile',
  'applicationVisaStep',
  'assistantConversation',
  'contentItem',
  'dictEntry',
  'emailMessage',
  'erasedPerson',
  'feedback',
  'followUp',
  'importRun',
  'job',
  'kpiType',
  'label',
  'mailSender',
  'member',
  'memberNotice',
  'messageTemplate',
  'paymentRecord',
  'permission',
  'personalCv',
  'privacyRequest',
  'project',
  'projectConstitution',
  'projectMember',
  'role',
  'smsBatch',
  'sysConfig',
  'tag',
  'task',
  'visaStage',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

// The people and admissions cycles a change's values name by id, so a reader sees a name (decision 250). Which
// fields hold such ids, per record type; a section row's field is named `<section>.<column>`.
export const AUDIT_REF_FIELDS: Readonly<Record<string, Readonly<Record<string, AuditRefKind>>>> = {
  application: {
    memberId: 'member',
    signingTeacherId: 'member',
    followTeacherId: 'member',
    'targetSchools.cycleId': 'cycle',
  },
  paymentRecord: {
    studentId: 'member',
    signingTeacherId: 'member',
    createdBy: 'member',
    confirmedBy: 'member',
    voidedBy: 'member',
  },
  followUp: { signingTeacherId: 'member', followTeacherId: 'member' },
  memberNotice: { memberId: 'member', createdBy: 'member', updatedBy: 'member' },
  feedback: { memberId: 'member', repliedBy: 'member' },
  project: { ownerId: 'member', createdBy: 'member' },
  projectMember: { memberId: 'member' },
  projectConstitution: { createdBy: 'member' },
  task: { assigneeId: 'member', createdBy: 'member' },
  applicationVisaStep: { ownerId: 'member' },
  applicationFile: { uploaderId: 'member' },
  contentItem: { createdBy: 'member' },
  privacyRequest: { subjectId: 'member', assigneeId: 'member', completedBy: 'member', createdBy: 'member' },
  emailMessage: { createdBy: 'member' },
  smsBatch: { createdBy: 'member' },
  job: { memberId: 'member' },
  importRun: { createdBy: 'member' },
  erasedPerson: { memberId: 'member', erasedBy: 'member' },
  assistantConversation: { memberId: 'member' },
  personalCv: { memberId: 'member' },
};
const SECTION_FIELD = /^(\w+)\[\d+\]\.(\w+)$/;
// The kind of record a change's field names by id, if any.
export function auditRefKind(recordType: string | null | undefined, field: string): AuditRefKind | undefined {
  const table = recordType && Object.hasOwn(AUDIT_REF_FIELDS, recordType) ? AUDIT_REF_FIELDS[recordType] : undefined;
  if (!table) return undefined;
  const m = SECTION_FIELD.exec(field);
  const name = m ? `${m[1]}.${m[2]}` : field;
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
