import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import dayjs from 'dayjs';
import {
  auditRefKind,
  DICT_TYPES,
  VISA_STAGE_KINDS,
  VISA_STEP_STATUSES,
  IDENTITY_STATUSES,
  MEDICAL_SUBJECTS,
  MEMBER_STATUSES,
  MEMBER_TYPES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  ROLE_KINDS,
  TARGET_DECISIONS,
  TARGET_REPLIES,
  TARGET_ROUTES,
  type AuditRef,
  type AuditRecordType,
  type MenuItem,
  type TimelineRecordType,
} from '@study-crm/shared';
import { useMemo } from 'react';
import { useSession } from '../../stores/session';
import { dictQuery, dictText } from '../dict';
import { useScript } from '../dict/script';

// A changed field in the reader's language (decision 248): the label the record's own form gives it, and its value
// as the form shows it. Served to the record's timeline, the operation log's detail and the payment log.

// How a value is shown: as stored (no kind), an enumeration's name (`<prefix>.<value>`, the form's option names, or
// each value's own key), a dictionary entry's name, yes/no for a 0/1 flag, a date and time for epoch milliseconds.
// An enumeration names its values where this file has them at hand; the others' (from schema modules the operation
// log would otherwise load) are listed for the tests in changeText.fixtures.ts, which check that each has a name.
export type ValueKind =
  | { enum: string; values?: readonly string[] }
  | { options: Readonly<Record<string, ParseKeys>> }
  | { dict: string }
  | { flag: true }
  | { time: true }
  | { permissions: true };
// A field: its label key, or the key and how its value is shown.
export type FieldSpec = ParseKeys | readonly [ParseKeys, ValueKind];
export type FieldTable = Readonly<Record<string, FieldSpec>>;

const flag = { flag: true } as const;
const time = { time: true } as const;
// Permission codes, a list of them: each by its menu item's name in the reader's language (decision 309).
const permissionCodes = { permissions: true } as const;
const enumOf = (prefix: string, values?: readonly string[]) => ({ enum: prefix, values });

// An application's own columns (application form: personal section, teachers, notes).
const APPLICATION: FieldTable = {
  name: 'application.f.name',
  engLastName: 'application.f.engLastName',
  engFirstName: 'application.f.engFirstName',
  formerName: 'application.f.formerName',
  gender: ['application.f.gender', { dict: DICT_TYPES.gender }],
  religion: 'application.f.religion',
  nationality: 'application.f.nationality',
  birthday: 'application.f.birthday',
  birthplace: 'application.f.birthplace',
  passportNo: 'application.f.passportNo',
  passportIssuePlace: 'application.f.passportIssuePlace',
  passportIssueDate: 'application.f.passportIssueDate',
  passportExpiryDate: 'application.f.passportExpiryDate',
  areaCode: 'application.f.areaCode',
  mobile: 'application.f.mobile',
  landline: 'application.f.landline',
  email: 'application.f.email',
  addressLine1: 'application.f.addressLine1',
  addressLine2: 'application.f.addressLine2',
  city: 'application.f.city',
  country: 'application.f.country',
  postcode: 'application.f.postcode',
  importantNotes: 'application.section.notes',
  applicationDate: 'application.f.applicationDate',
  status: ['application.f.status', { dict: DICT_TYPES.applicationStatus }],
  signingTeacherId: 'application.signingTeacher',
  followTeacherId: 'application.followTeacher',
  memberId: 'audit.field.memberId',
  deletedAt: ['audit.field.deletedAt', time],
};

// The rows of an application's sections (`targetSchools[2].school`), each section's fields as its rows show them.
export const SECTION_FIELDS: Readonly<Record<string, FieldTable>> = {
  educations: {
    startDate: 'application.f.startDate',
    endDate: 'application.f.endDate',
    school: 'application.f.school',
    location: 'application.f.location',
    major: 'application.f.major',
    attainment: 'application.f.attainment',
    gpa: 'application.f.gpa',
  },
  jobs: {
    startDate: 'application.f.startDate',
    endDate: 'application.f.endDate',
    unitName: 'application.f.unitName',
    title: 'application.f.jobTitle',
    content: 'application.f.content',
  },
  languageScores: {
    testType: ['application.f.testType', { dict: DICT_TYPES.languageTestType }],
    testDate: 'application.f.testDate',
    futureBooking: ['application.f.futureBooking', flag],
    registrationNo: 'application.f.registrationNo',
    isUkvi: ['application.f.isUkvi', flag],
    candidateId: 'application.f.candidateId',
    reportFormNo: 'application.f.reportFormNo',
    testName: 'application.f.testName',
    listening: 'application.f.listening',
    reading: 'application.f.reading',
    writing: 'application.f.writing',
    speaking: 'application.f.speaking',
    total: 'application.f.total',
  },
  referrers: {
    webPush: ['application.f.webPush', flag],
    lastName: 'application.f.lastName',
    firstName: 'application.f.firstName',
    areaCode: 'application.f.areaCode',
    mobile: 'application.f.mobile',
    gender: ['application.f.gender', { dict: DICT_TYPES.gender }],
    position: 'application.f.position',
    email: 'application.f.email',
    unit: 'application.f.unit',
    address: 'application.f.address',
    postcode: 'application.f.postcode',
  },
  targetSchools: {
    school: 'application.f.school',
    major: 'application.f.major',
    ucasCode: 'application.f.ucasCode',
    applicationDate: 'application.f.applyDate',
    majorLink: 'application.f.majorLink',
    cycleId: 'application.f.cycleId',
    route: ['application.f.route', enumOf('application.choice.route', TARGET_ROUTES)],
    institutionCode: 'application.f.institutionCode',
    subjectArea: ['application.f.subjectArea', enumOf('application.choice.subject', MEDICAL_SUBJECTS)],
    decision: ['application.f.decision', enumOf('application.choice.decision', TARGET_DECISIONS)],
    reply: ['application.f.reply', enumOf('application.choice.reply', TARGET_REPLIES)],
  },
};

// A payment record's columns (payment form and detail) and the payment log's own names (`amount` as a decimal with
// its currency, the attachment lists). The audit log stores `amountMinor` in minor units: labelled so.
const PAYMENT: FieldTable = {
  applicationId: 'payment.f.application',
  studentId: 'payment.col.student',
  studentName: 'payment.col.student',
  title: 'payment.f.title',
  type: ['payment.f.type', enumOf('payment.type', PAYMENT_TYPES)],
  status: ['payment.f.status', enumOf('payment.status', PAYMENT_STATUSES)],
  transactionDate: 'payment.f.transactionDate',
  amountMinor: 'audit.field.amountMinor',
  amount: 'payment.f.amount',
  currency: ['payment.f.currency', { dict: DICT_TYPES.currency }],
  transferMethod: ['payment.f.transferMethod', { dict: DICT_TYPES.transferMethod }],
  description: 'payment.f.description',
  signingTeacherId: 'payment.f.signingTeacher',
  createdBy: 'payment.f.createdBy',
  confirmedBy: 'payment.col.confirmedBy',
  confirmedAt: ['payment.f.confirmedAt', time],
  voidReason: 'payment.f.voidReason',
  voidedBy: 'audit.field.voidedBy',
  voidedAt: ['audit.field.voidedAt', time],
  contractFiles: 'payment.f.contractFiles',
  paymentScreenshots: 'payment.f.paymentScreenshots',
  receipt: 'payment.f.receipt',
};

// A member's columns (employee and account form); the password hash is a secret, shown "changed" only.
const MEMBER: FieldTable = {
  loginName: 'employee.field.loginName',
  email: 'employee.field.email',
  areaCode: 'employee.field.areaCode',
  mobile: 'employee.field.mobile',
  passwordHash: 'employee.field.password',
  status: ['employee.field.status', enumOf('employee.status', MEMBER_STATUSES)],
  identityStatus: ['employee.field.identityStatus', enumOf('employee.identityStatus', IDENTITY_STATUSES)],
  memberType: ['employee.field.memberType', enumOf('employee.memberType', MEMBER_TYPES)],
  engLastName: 'employee.field.engLastName',
  engFirstName: 'employee.field.engFirstName',
  fullName: 'employee.field.fullName',
  nickName: 'employee.field.nickName',
  avatar: 'audit.field.avatar',
  failedLogins: 'audit.field.failedLogins',
  lockedUntil: ['audit.field.lockedUntil', time],
  deletedAt: ['audit.field.deletedAt', time],
  // Roles and labels given and taken away, by name (decision 309).
  rolesAdded: 'audit.field.rolesAdded',
  rolesRemoved: 'audit.field.rolesRemoved',
  labelsAdded: 'audit.field.labelsAdded',
  labelsRemoved: 'audit.field.labelsRemoved',
};

// A role's columns (role form drawer) and the permissions it was given and had taken away, by code (decision 309).
const ROLE: FieldTable = {
  name: 'access.role.name',
  cnName: 'access.role.cnName',
  enName: 'access.role.enName',
  kind: ['access.role.kind', enumOf('access.role.kinds', ROLE_KINDS)],
  isBuiltin: ['access.role.builtin', flag],
  permissionsAdded: ['audit.field.permissionsAdded', permissionCodes],
  permissionsRemoved: ['audit.field.permissionsRemoved', permissionCodes],
};

// A message template's columns (template form); its type is free text there.
const TEMPLATE: FieldTable = {
  name: 'message.template.name',
  title: 'message.template.contentTitle',
  type: 'message.template.type',
  frameUrl: 'message.template.frameUrl',
  frameHtml: 'message.template.frameHtml',
  content: 'message.template.content',
};

// Every record type with a History (TIMELINE_RECORD_TYPES), keyed by its table as the audit log names it.
export const RECORD_FIELDS: Readonly<Record<TimelineRecordType, FieldTable>> = {
  application: APPLICATION,
  paymentRecord: PAYMENT,
  member: MEMBER,
  role: ROLE,
  messageTemplate: TEMPLATE,
};

// The system settings' records, seen in the operation log only (decision 250): each by its own form's labels.
const status = ['crud.status', enumOf('crud', ['enabled', 'disabled'])] as const;
const DICT_ENTRY: FieldTable = {
  type: 'systemSetup.dict.type',
  value: 'systemSetup.dict.value',
  label: 'systemSetup.dict.label',
  label2: 'systemSetup.dict.label2',
  description: 'crud.description',
  color: 'crud.color',
  sort: 'crud.sort',
  status,
};
const TAG: FieldTable = {
  type: 'systemSetup.tag.type',
  value: 'systemSetup.tag.value',
  label: 'systemSetup.tag.label',
  label2: 'systemSetup.tag.label2',
  description: 'crud.description',
  color: 'crud.color',
  sort: 'crud.sort',
  status,
};
const LABEL: FieldTable = {
  name: 'systemSetup.label.name',
  color: 'crud.color',
  description: 'crud.description',
  sort: 'crud.sort',
  status,
};
// A menu or function button (menu management's form).
const PERMISSION: FieldTable = {
  parentId: 'access.menu.parent',
  name: 'access.menu.name',
  title: 'access.menu.titleField',
  icon: 'access.menu.icon',
  url: 'access.menu.url',
  sort: 'access.menu.sort',
  isShow: ['access.menu.isShow', flag],
  component: 'access.menu.component',
  perm: 'access.menu.perm',
  type: ['access.menu.type', { options: { menu: 'access.menu.typeMenu', button: 'access.menu.typeButton' } }],
};
const SYS_CONFIG: FieldTable = {
  key: 'systemSetup.config.key',
  platform: 'systemSetup.config.platform',
  prodValue: 'systemSetup.config.prodValue',
  testValue: 'systemSetup.config.testValue',
  remarks: 'systemSetup.config.remarks',
  status,
};
const CYCLE: FieldTable = {
  entryYear: 'systemSetup.cycle.entryYear',
  earlyDeadline: 'systemSetup.cycle.earlyDeadline',
  equalDeadline: 'systemSetup.cycle.equalDeadline',
  finalDeadline: 'systemSetup.cycle.finalDeadline',
  deadlineTime: 'systemSetup.cycle.deadlineTime',
  remarks: 'systemSetup.cycle.remarks',
  status,
};
// A mail server; its password is a secret, shown "changed" only.
const MAIL_SENDER: FieldTable = {
  displayName: 'message.sender.displayName',
  host: 'message.sender.host',
  port: 'message.sender.port',
  account: 'message.sender.account',
  passwordEnc: 'message.sender.password',
  tlsMode: [
    'message.sender.tlsMode',
    {
      options: {
        starttls: 'message.sender.tls_starttls',
        tls: 'message.sender.tls_tls',
        none: 'message.sender.tls_none',
      },
    },
  ],
  replyTo: 'message.sender.replyTo',
};

// The records of the other screens, each by its own form's or list's labels; `audit.field` names what no form shows.
const createdBy = 'audit.field.createdBy';
const deletedAt = ['audit.field.deletedAt', time] as const;
const FOLLOW_UP: FieldTable = {
  number: 'application.follow.number',
  service: ['application.follow.service', { dict: DICT_TYPES.followService }],
  isDone: ['application.follow.done', flag],
  doneAt: ['audit.field.doneAt', time],
  signingTeacherId: 'application.signingTeacher',
  followTeacherId: 'application.followTeacher',
  appliedSchool: 'application.follow.appliedSchool',
  attendedSchool: 'application.follow.attendedSchool',
  internalNote: 'application.follow.internalNote',
  contractDate: 'application.follow.contractDate',
  status: ['application.follow.status', { dict: DICT_TYPES.followStatus }],
  businessType: ['application.follow.businessType', { dict: DICT_TYPES.businessType }],
};
const VISA_STEP: FieldTable = {
  stageId: 'application.visa.stage',
  status: ['application.visa.status', enumOf('application.visa.statuses', VISA_STEP_STATUSES)],
  stepDate: 'application.visa.date',
  ownerId: 'application.visa.owner',
  casNumber: 'application.visa.casNumber',
  fundsFrom: 'application.visa.fundsFrom',
  fundsTo: 'application.visa.fundsTo',
  dueDate: 'application.visa.dueCol.dueDate',
  remarks: 'application.visa.remarks',
};
const APPLICATION_FILE: FieldTable = {
  title: 'application.files.title',
  type: 'application.files.type',
  storedName: 'audit.field.storedName',
  displayPath: 'audit.field.displayPath',
  extension: 'application.files.extension',
  mime: 'audit.field.mime',
  size: 'application.files.size',
  uploaderId: 'application.files.uploader',
  uploadedAt: ['application.files.uploadedAt', time],
  visaStageId: 'application.visa.stage',
};
const VISA_STAGE: FieldTable = {
  kind: ['audit.field.kind', enumOf('systemSetup.visaStage.kinds', VISA_STAGE_KINDS)],
  name: 'systemSetup.visaStage.name',
  sort: 'systemSetup.visaStage.sort',
  fileType: 'systemSetup.visaStage.fileType',
  status,
};
const NOTICE: FieldTable = {
  memberId: 'notice.col.recipient',
  title: 'notice.f.title',
  content: 'notice.f.content',
  createdBy,
  updatedBy: 'audit.field.updatedBy',
  publishAt: ['notice.f.publishAt', time],
  expiresAt: ['notice.f.expiresAt', time],
  deletedAt,
};
const CONTENT_ITEM: FieldTable = {
  title: 'content.col.title',
  body: 'content.body',
  locale: ['content.col.locale', enumOf('content.locale')],
  status: ['content.col.status', enumOf('content.status')],
  pinned: ['content.pinned', flag],
  publishFrom: ['audit.field.publishFrom', time],
  publishTo: ['audit.field.publishTo', time],
  createdBy,
};
const FEEDBACK: FieldTable = {
  memberId: 'feedback.member',
  name: 'feedback.name',
  email: 'feedback.email',
  areaCode: 'employee.field.areaCode',
  mobile: 'feedback.phone',
  content: 'feedback.content',
  locale: 'audit.field.locale',
  status: ['feedback.status', enumOf('feedback.state')],
  replyCount: 'audit.field.replyCount',
  repliedAt: ['feedback.replyTime', time],
  repliedBy: 'feedback.repliedBy',
};
const PROJECT: FieldTable = {
  name: 'project.f.name',
  description: 'project.f.description',
  status: ['project.f.status', enumOf('project.status')],
  startDate: 'audit.field.startDate',
  endDate: 'audit.field.endDate',
  ownerId: 'audit.field.owner',
  createdBy,
  deletedAt,
};
const PROJECT_MEMBER: FieldTable = {
  projectId: 'task.f.project',
  memberId: 'project.col.member',
  projectRole: ['project.col.role', enumOf('project.role')],
  shareBp: 'project.col.share',
};
const CONSTITUTION: FieldTable = {
  projectId: 'task.f.project',
  revision: 'audit.field.revision',
  content: 'audit.field.content',
  createdBy,
};
const TASK: FieldTable = {
  projectId: 'task.f.project',
  title: 'task.f.title',
  description: 'task.f.description',
  assigneeId: 'task.f.assignee',
  dueDate: 'task.f.dueDate',
  status: ['task.col.status', enumOf('task.status')],
  kpiTypeId: 'task.f.kpiType',
  points: 'task.f.points',
  doneAt: ['audit.field.doneAt', time],
  createdBy,
  deletedAt,
};
const KPI_TYPE: FieldTable = {
  nameTw: 'task.kpi.nameTw',
  nameCn: 'task.kpi.nameCn',
  nameEn: 'task.kpi.nameEn',
  unit: 'task.kpi.unit',
  weight: 'task.kpi.weight',
  enabled: ['task.kpi.enabled', flag],
  sort: 'task.kpi.sort',
};
const PRIVACY_REQUEST: FieldTable = {
  subjectId: 'privacy.request.subject',
  kind: ['privacy.request.kind', enumOf('privacy.request.kinds')],
  receivedDate: 'privacy.request.receivedDate',
  dueDate: 'privacy.request.dueDate',
  status: ['privacy.request.status', enumOf('privacy.request.statuses')],
  openFlag: 'audit.field.openFlag',
  assigneeId: 'privacy.request.assignee',
  note: 'privacy.request.note',
  completedAt: ['audit.field.doneAt', time],
  completedBy: 'audit.field.completedBy',
  createdBy,
  exportJobId: 'privacy.request.lastExport',
};
const EMAIL: FieldTable = {
  senderId: 'message.email.sender',
  templateId: 'message.email.template',
  subject: 'message.email.subject',
  content: 'message.email.content',
  bodyHtml: 'audit.field.bodyHtml',
  platform: 'message.email.platform',
  isSystem: ['audit.field.isSystem', flag],
  sendAt: ['message.email.sendAt', time],
  source: 'audit.field.source',
  sourceId: 'audit.field.sourceId',
  createdBy,
};
const SMS_BATCH: FieldTable = {
  kind: 'audit.field.kind',
  status: 'audit.field.status',
  purpose: 'audit.field.purpose',
  terminal: 'sms.terminal',
  sender: 'sms.sender',
  content: 'sms.content',
  fileName: 'sms.fileName',
  accepted: 'sms.accepted',
  rejected: 'sms.rejected',
  sendAt: ['sms.sendAt', time],
  createdBy,
};
const JOB: FieldTable = {
  kind: 'audit.field.kind',
  memberId: 'audit.field.requestedBy',
  status: ['audit.field.status', enumOf('privacy.request.exportStatus')],
  done: 'audit.field.processed',
  total: 'audit.field.total',
  params: 'audit.field.params',
  locale: 'audit.field.locale',
  attempts: 'audit.field.attempts',
  claimToken: 'audit.field.claimToken',
  claimedUntil: ['audit.field.claimedUntil', time],
  storedName: 'audit.field.storedName',
  fileName: 'audit.field.fileName',
  fileSize: 'audit.field.fileSize',
  errorCode: 'audit.field.errorCode',
  finishedAt: ['audit.field.doneAt', time],
  expiresAt: ['audit.field.expiresAt', time],
};
const IMPORT_RUN: FieldTable = {
  kind: 'audit.field.kind',
  status: 'audit.field.status',
  mode: 'audit.field.mode',
  fileName: 'audit.field.fileName',
  total: 'audit.field.total',
  toAdd: 'audit.field.toAdd',
  toChange: 'audit.field.toChange',
  toRefuse: 'audit.field.toRefuse',
  processed: 'audit.field.processed',
  added: 'audit.field.added',
  changed: 'audit.field.changed',
  refused: 'audit.field.refused',
  createdBy,
};
const ERASED_PERSON: FieldTable = {
  memberId: 'audit.field.person',
  pseudonym: 'audit.field.pseudonym',
  erasedBy: 'audit.field.erasedBy',
};
const CONVERSATION: FieldTable = { memberId: 'audit.field.person', title: 'audit.field.title' };
const CV: FieldTable = {
  memberId: 'audit.field.person',
  headline: 'user.resume.headline',
  objective: 'user.resume.objective',
};

// Every other audited record type (AUDIT_RECORD_TYPES): the type makes a new one name its table here.
export const OTHER_FIELDS: Readonly<Record<Exclude<AuditRecordType, TimelineRecordType>, FieldTable>> = {
  dictEntry: DICT_ENTRY,
  tag: TAG,
  label: LABEL,
  permission: PERMISSION,
  sysConfig: SYS_CONFIG,
  admissionsCycle: CYCLE,
  mailSender: MAIL_SENDER,
  followUp: FOLLOW_UP,
  applicationVisaStep: VISA_STEP,
  applicationFile: APPLICATION_FILE,
  visaStage: VISA_STAGE,
  memberNotice: NOTICE,
  contentItem: CONTENT_ITEM,
  feedback: FEEDBACK,
  project: PROJECT,
  projectMember: PROJECT_MEMBER,
  projectConstitution: CONSTITUTION,
  task: TASK,
  kpiType: KPI_TYPE,
  privacyRequest: PRIVACY_REQUEST,
  emailMessage: EMAIL,
  smsBatch: SMS_BATCH,
  job: JOB,
  importRun: IMPORT_RUN,
  erasedPerson: ERASED_PERSON,
  assistantConversation: CONVERSATION,
  personalCv: CV,
};
const TABLES: Readonly<Record<string, FieldTable>> = { ...OTHER_FIELDS, ...RECORD_FIELDS };

const SECTION_PATH = /^(\w+)\[(\d+)\]\.(\w+)$/;

// The spec of a field of a record type (a section path resolves in its section); none when unknown.
export function fieldSpec(recordType: string | null | undefined, field: string): FieldSpec | undefined {
  if (!recordType || !Object.hasOwn(TABLES, recordType)) return undefined;
  const entry = (table: FieldTable | undefined, name: string) =>
    table && Object.hasOwn(table, name) ? table[name] : undefined;
  const m = SECTION_PATH.exec(field);
  if (!m) return entry(TABLES[recordType], field);
  return recordType === 'application' ? entry(SECTION_FIELDS[m[1]!], m[3]!) : undefined;
}

const labelOf = (spec: FieldSpec) => (typeof spec === 'string' ? spec : spec[0]);
const kindOf = (spec: FieldSpec | undefined) => (spec && typeof spec !== 'string' ? spec[1] : undefined);

type Text = (key: string) => string;
type TextWith = (key: string, o?: Record<string, unknown>) => string;

// A field's name: the form's label, a section row as "Target schools #2 · School"; the key itself when unknown.
export function fieldName(
  text: Text,
  has: (key: string) => boolean,
  recordType: string | null | undefined,
  field: string,
) {
  const spec = fieldSpec(recordType, field);
  const label = spec && has(labelOf(spec)) ? text(labelOf(spec)) : undefined;
  const m = SECTION_PATH.exec(field);
  if (!m) return label ?? field;
  const section = has(`audit.section.${m[1]}`) ? text(`audit.section.${m[1]}`) : m[1]!;
  return `${section} #${m[2]} · ${label ?? m[3]}`;
}

// A person or cycle a change names by id, by the name the server read for it (decision 250): "Alice Chen (#12)",
// a removed person marked so, an id whose record is gone as the id.
export function refText(text: TextWith, ref: AuditRef | undefined, id: string) {
  if (!ref || ref.name === null) return text('audit.ref.gone', { id });
  const name = ref.kind === 'cycle' ? text('application.choice.cycle', { year: ref.name }) : ref.name;
  return text(ref.removed ? 'audit.ref.removed' : 'audit.ref.named', { name, id });
}

// The menu items and buttons the reader holds, by permission code: a code in a change is shown by its item's name
// in the reader's language with the code, "Tags (sys:tag:list)"; a code the reader does not hold, as it is.
function usePermissionNames() {
  const menu = useSession((s) => s.serverMenu);
  return useMemo(() => {
    const byCode = new Map<string, MenuItem>();
    const walk = (items: readonly MenuItem[]) => {
      for (const item of items) {
        if (item.perm && !byCode.has(item.perm)) byCode.set(item.perm, item);
        walk(item.children ?? []);
      }
    };
    walk(menu);
    return byCode;
  }, [menu]);
}

// Field names and values of a record type's changes in the reader's language. The dictionaries the changes need
// are read (the same cache as the form's selects); a value without a name shows as stored, none as "—"; an id of a
// person or cycle by the name in `refs` (the server's, for the changes of the page).
export function useChangeText(
  recordType: string | null | undefined,
  fields: readonly string[] = [],
  refs: readonly AuditRef[] = [],
) {
  const { t, i18n } = useTranslation();
  const script = useScript();
  const text = t as unknown as Text;
  const textWith = t as unknown as TextWith;
  const has = (key: string) => i18n.exists(key);
  const dictTypes = [
    ...new Set(
      fields.flatMap((f) => {
        const kind = kindOf(fieldSpec(recordType, f));
        return kind && 'dict' in kind ? [kind.dict] : [];
      }),
    ),
  ];
  const dicts = useQueries({ queries: dictTypes.map(dictQuery) });
  const options = new Map(dictTypes.map((type, i) => [type, dicts[i]?.data ?? []]));
  const permissions = usePermissionNames();
  const field = (f: string) => fieldName(text, has, recordType, f);
  const value = (f: string, v: string | null | undefined): string => {
    if (v === null || v === undefined || v === '') return '—';
    const ref = auditRefKind(recordType, f);
    if (ref && /^\d+$/.test(v))
      return refText(
        textWith,
        refs.find((r) => r.kind === ref && String(r.id) === v),
        v,
      );
    const kind = kindOf(fieldSpec(recordType, f));
    if (!kind) return v;
    if ('enum' in kind) return has(`${kind.enum}.${v}`) ? text(`${kind.enum}.${v}`) : v;
    if ('options' in kind) return Object.hasOwn(kind.options, v) ? text(kind.options[v]!) : v;
    if ('flag' in kind) return v === '1' ? text('audit.value.yes') : v === '0' ? text('audit.value.no') : v;
    if ('time' in kind) return /^\d+$/.test(v) ? dayjs(Number(v)).format('YYYY-MM-DD HH:mm:ss') : v;
    if ('permissions' in kind)
      return v
        .split(', ')
        .map((code) => {
          const item = permissions.get(code);
          const name = item && textWith(`menu.${item.name}`, { defaultValue: item.title || item.name });
          return name ? `${name} (${code})` : code;
        })
        .join(', ');
    const option = options.get(kind.dict)?.find((o) => o.value === v);
    return option ? script(dictText(option, i18n.language)) : v;
  };
  return { field, value };
}
