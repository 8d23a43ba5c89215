import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import dayjs from 'dayjs';
import {
  auditRefKind,
  DICT_TYPES,
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
  type TimelineRecordType,
} from '@study-crm/shared';
import { dictQuery, dictText } from '../dict';
import { useScript } from '../dict/script';

// A changed field in the reader's language (decision 248): the label the record's own form gives it, and its value
// as the form shows it. Served to the record's timeline, the operation log's detail and the payment log.

// How a value is shown: as stored (no kind), an enumeration's name (`<prefix>.<value>`, the form's option names, or
// each value's own key), a dictionary entry's name, yes/no for a 0/1 flag, a date and time for epoch milliseconds.
export type ValueKind =
  | { enum: string; values: readonly string[] }
  | { options: Readonly<Record<string, ParseKeys>> }
  | { dict: string }
  | { flag: true }
  | { time: true };
// A field: its label key, or the key and how its value is shown.
export type FieldSpec = ParseKeys | readonly [ParseKeys, ValueKind];
export type FieldTable = Readonly<Record<string, FieldSpec>>;

const flag = { flag: true } as const;
const time = { time: true } as const;
const enumOf = (prefix: string, values: readonly string[]) => ({ enum: prefix, values });

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
};

// A role's columns (role form drawer).
const ROLE: FieldTable = {
  name: 'access.role.name',
  cnName: 'access.role.cnName',
  enName: 'access.role.enName',
  kind: ['access.role.kind', enumOf('access.role.kinds', ROLE_KINDS)],
  isBuiltin: ['access.role.builtin', flag],
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
export const OTHER_FIELDS: Readonly<Record<string, FieldTable>> = {
  dictEntry: DICT_ENTRY,
  tag: TAG,
  label: LABEL,
  permission: PERMISSION,
  sysConfig: SYS_CONFIG,
  admissionsCycle: CYCLE,
  mailSender: MAIL_SENDER,
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
export function refText(
  text: (key: string, o?: Record<string, unknown>) => string,
  ref: AuditRef | undefined,
  id: string,
) {
  if (!ref || ref.name === null) return text('audit.ref.gone', { id });
  const name = ref.kind === 'cycle' ? text('application.choice.cycle', { year: ref.name }) : ref.name;
  return text(ref.removed ? 'audit.ref.removed' : 'audit.ref.named', { name, id });
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
  const field = (f: string) => fieldName(text, has, recordType, f);
  const value = (f: string, v: string | null | undefined): string => {
    if (v === null || v === undefined || v === '') return '—';
    const ref = auditRefKind(recordType, f);
    if (ref && /^\d+$/.test(v))
      return refText(
        t as unknown as (key: string, o?: Record<string, unknown>) => string,
        refs.find((r) => r.kind === ref && String(r.id) === v),
        v,
      );
    const kind = kindOf(fieldSpec(recordType, f));
    if (!kind) return v;
    if ('enum' in kind) return has(`${kind.enum}.${v}`) ? text(`${kind.enum}.${v}`) : v;
    if ('options' in kind) return Object.hasOwn(kind.options, v) ? text(kind.options[v]!) : v;
    if ('flag' in kind) return v === '1' ? text('audit.value.yes') : v === '0' ? text('audit.value.no') : v;
    if ('time' in kind) return /^\d+$/.test(v) ? dayjs(Number(v)).format('YYYY-MM-DD HH:mm:ss') : v;
    const option = options.get(kind.dict)?.find((o) => o.value === v);
    return option ? script(dictText(option, i18n.language)) : v;
  };
  return { field, value };
}
