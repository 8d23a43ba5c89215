import type { Generated, Selectable } from 'kysely';

// Column types as the application sees them (CamelCasePlugin maps to snake_case in SQL).
// Timestamps are epoch milliseconds (bigint), flags are 0/1 integers, money is integer minor units:
// the same values on SQLite and PostgreSQL.

export type MemberTable = {
  id: Generated<number>;
  loginName: string | null;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  passwordHash: string | null;
  status: 'active' | 'inactive';
  identityStatus: 'verified' | 'unverified';
  memberType: 'staff' | 'student' | 'parent';
  engLastName: string | null;
  engFirstName: string | null;
  fullName: string | null;
  nickName: string | null;
  avatar: string | null;
  failedLogins: number;
  // Every name folded for pickers (migration 0039); written by the member module with each name.
  searchText: Generated<string>;
  lockedUntil: number | null;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
};

export type RoleTable = {
  id: Generated<number>;
  name: string;
  cnName: string;
  // English name (optional): shown in the English interface instead of the Chinese one.
  enName: string | null;
  kind: 'assignment' | 'management' | 'general';
  isBuiltin: number;
  createdAt: number;
  updatedAt: number;
};

export type MemberRoleTable = { memberId: number; roleId: number };

export type PermissionTable = {
  id: Generated<number>;
  parentId: number;
  name: string;
  title: string;
  icon: string | null;
  url: string | null;
  sort: number;
  isShow: number;
  component: string | null;
  perm: string;
  type: 'menu' | 'button';
  createdAt: number;
  updatedAt: number;
};

export type RolePermissionTable = { roleId: number; permissionId: number };

export type SessionTable = {
  id: Generated<number>;
  tokenHash: string;
  memberId: number;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  ip: string | null;
  userAgent: string | null;
  // The role the session acts as (migration 0021); null or a role the member no longer holds: all their roles.
  activeRoleId: Generated<number | null>;
};

export type CaptchaTable = {
  key: string;
  codeHash: string;
  expiresAt: number;
  createdAt: number;
  // The member its code was e-mailed to (decision 371); null for a picture.
  memberId: number | null;
};

export type LoginThrottleTable = {
  key: string;
  windowStart: number;
  count: number;
};

// Message box (issue 3): member_id 0 on a notice means every member.
export type MemberNoticeTable = {
  id: Generated<number>;
  memberId: number;
  title: string;
  content: string | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  // Issue 17: shown from publishAt until expiresAt (null: no expiry).
  publishAt: Generated<number>;
  expiresAt: number | null;
  updatedBy: number | null;
  // Optimistic version: +1 on each update; an update from a stale copy is refused (409; migration 0091).
  version: Generated<number>;
};

export type SystemMessageTable = {
  id: Generated<number>;
  memberId: number;
  title: string;
  content: string | null;
  link: string | null;
  createdAt: number;
  updatedAt: number;
};

export type MemberTodoTable = {
  id: Generated<number>;
  memberId: number;
  kind: string;
  title: string;
  link: string | null;
  dueAt: number | null;
  done: number;
  // The record that feeds this to-do (migration 0008), e.g. 'followUp' + follow_up.id; null for hand-made ones.
  sourceKind: string | null;
  sourceId: number | null;
  createdAt: number;
  updatedAt: number;
};

export type RecordStatusColumn = 'enabled' | 'disabled';

export type SysConfigTable = {
  id: Generated<number>;
  key: string;
  platform: string;
  prodValue: string | null;
  testValue: string | null;
  remarks: string | null;
  status: RecordStatusColumn;
  // Optimistic version: +1 on each update; an update from a stale copy is refused (409).
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

// Dictionary entries and tags share one shape.
export type DictEntryTable = {
  id: Generated<number>;
  type: string;
  value: string;
  label: string;
  label2: string | null;
  description: string | null;
  sort: number;
  status: RecordStatusColumn;
  // Optimistic version: +1 on each update; an update from a stale copy is refused (409).
  version: Generated<number>;
  color: string | null;
  createdAt: number;
  updatedAt: number;
};
export type TagTable = DictEntryTable;

export type LabelTable = {
  id: Generated<number>;
  name: string;
  color: string | null;
  description: string | null;
  sort: number;
  status: RecordStatusColumn;
  // Optimistic version: +1 on each update; an update from a stale copy is refused (409).
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type MessageReadTable = { memberId: number; tab: string; itemId: number; readAt: number };
export type MemberLabelTable = { memberId: number; labelId: number; createdAt: number };
// SQLite only (migration 0006): the trigram index of member search text, rowid = member.id.
export type MemberFtsTable = { rowid: number; searchText: string };

// Applications (issue 7). Calendar dates are 'YYYY-MM-DD' strings.
export type ApplicationTable = {
  id: Generated<number>;
  memberId: number | null;
  name: string;
  engLastName: string | null;
  engFirstName: string | null;
  formerName: string | null;
  gender: string | null;
  religion: string | null;
  nationality: string | null;
  birthday: string | null;
  birthplace: string | null;
  passportNo: string | null;
  passportIssuePlace: string | null;
  passportIssueDate: string | null;
  passportExpiryDate: string | null;
  areaCode: string | null;
  mobile: string | null;
  landline: string | null;
  email: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  country: string | null;
  postcode: string | null;
  importantNotes: string | null;
  applicationDate: string;
  status: string;
  signingTeacherId: number | null;
  followTeacherId: number | null;
  searchName: string;
  searchEng: string | null;
  passportKey: string | null;
  emailKey: string | null;
  // Its names folded for the search box (migration 0045; packages/shared searchText).
  searchText: Generated<string>;
  version: number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
};

type ChildRow = { id: Generated<number>; applicationId: number; sort: number };

export type ApplicationEducationTable = ChildRow & {
  startDate: string | null;
  endDate: string | null;
  school: string;
  location: string | null;
  major: string | null;
  attainment: string | null;
  gpa: string | null;
};

export type ApplicationJobTable = ChildRow & {
  startDate: string | null;
  endDate: string | null;
  unitName: string;
  title: string | null;
  content: string | null;
};

export type ApplicationLanguageScoreTable = ChildRow & {
  testType: string;
  testDate: string | null;
  futureBooking: number;
  registrationNo: string | null;
  isUkvi: number;
  candidateId: string | null;
  reportFormNo: string | null;
  testName: string | null;
  listening: number | null;
  reading: number | null;
  writing: number | null;
  speaking: number | null;
  total: number | null;
};

export type ApplicationReferrerTable = ChildRow & {
  webPush: number;
  lastName: string;
  firstName: string | null;
  areaCode: string | null;
  mobile: string | null;
  gender: string | null;
  position: string | null;
  email: string | null;
  unit: string | null;
  address: string | null;
  postcode: string | null;
};

export type ApplicationTargetSchoolTable = ChildRow & {
  school: string;
  major: string | null;
  ucasCode: string | null;
  applicationDate: string | null;
  majorLink: string | null;
  cycleId: number | null;
  route: string | null;
  institutionCode: string | null;
  subjectArea: string | null;
  decision: string;
  reply: string | null;
  // The cycle deadline the choice is on time by (shared onTimeDeadlineOf, written on save); null: no cycle, or not a
  // UCAS choice. "This week", the reminders and the board read it (migration 0094).
  deadlineKey: 'early' | 'equal' | null;
};

// A background job (issue 39: large exports): claimed by one worker at a time, its result a stored file.
export type JobTable = {
  id: Generated<number>;
  kind: string;
  memberId: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: Generated<number>;
  total: Generated<number>;
  params: string;
  locale: string;
  attempts: Generated<number>;
  claimToken: string | null;
  claimedUntil: number | null;
  storedName: string | null;
  fileName: string | null;
  fileSize: number | null;
  errorCode: number | null;
  finishedAt: number | null;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
};

// A reminder the daily job created (issue 40): unique per application, kind, subject, due date and days before.
// Issue 41: UK GDPR data requests, subject access exports and their reminders (migration 0050).
export type PrivacyRequestTable = {
  id: Generated<number>;
  subjectId: number;
  kind: 'access' | 'erasure';
  receivedDate: string;
  dueDate: string;
  status: 'open' | 'done';
  openFlag: number | null;
  assigneeId: number | null;
  note: string | null;
  completedAt: number | null;
  completedBy: number | null;
  createdBy: number | null;
  // The job of the newest subject access export for this request (decision 199).
  exportJobId: number | null;
  createdAt: number;
  updatedAt: number;
};
export type PrivacyReminderTable = {
  id: Generated<number>;
  requestId: number;
  remindDate: string;
  daysBefore: number;
  assigneeId: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ApplicationReminderTable = {
  id: Generated<number>;
  applicationId: number;
  kind: string;
  subjectKey: string;
  dueDate: string;
  daysBefore: number;
  teacherId: number | null;
  resolvedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

// A UCAS cycle (issue 40): its deadlines are calendar dates (YYYY-MM-DD) at deadlineTime UK time.
export type AdmissionsCycleTable = {
  id: Generated<number>;
  entryYear: number;
  earlyDeadline: string;
  equalDeadline: string;
  finalDeadline: string;
  deadlineTime: Generated<string>;
  remarks: string | null;
  status: Generated<RecordStatusColumn>;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

// The Student visa checklist (issue 40): stages administrators keep (kind: the built-in stage and its rules) and
// each application's step in a stage.
export type VisaStageTable = {
  id: Generated<number>;
  kind: string | null;
  name: string | null;
  sort: number;
  fileType: string | null;
  status: Generated<RecordStatusColumn>;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type ApplicationVisaStepTable = {
  id: Generated<number>;
  applicationId: number;
  stageId: number;
  status: Generated<string>;
  stepDate: string | null;
  ownerId: number | null;
  casNumber: string | null;
  fundsFrom: string | null;
  fundsTo: string | null;
  dueDate: string | null;
  remarks: string | null;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type FollowUpTable = {
  id: Generated<number>;
  applicationId: number;
  number: number;
  service: string;
  isDone: number;
  doneAt: number | null;
  signingTeacherId: number | null;
  followTeacherId: number | null;
  appliedSchool: string | null;
  attendedSchool: string | null;
  internalNote: string | null;
  contractDate: string | null;
  status: string;
  businessType: string | null;
  createdAt: number;
  updatedAt: number;
};

export type PaymentRecordTable = {
  id: Generated<number>;
  applicationId: number;
  studentId: number | null;
  studentName: string;
  searchName: string;
  // Its names folded for the search box (migration 0045; packages/shared searchText).
  searchText: Generated<string>;
  title: string;
  type: 'collection' | 'refund';
  status: 'pending' | 'confirmed' | 'voided';
  transactionDate: string;
  amountMinor: number;
  currency: string;
  transferMethod: string | null;
  description: string | null;
  signingTeacherId: number | null;
  createdBy: number | null;
  confirmedBy: number | null;
  confirmedAt: number | null;
  voidReason: string | null;
  voidedBy: number | null;
  voidedAt: number | null;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type PaymentFileTable = {
  id: Generated<number>;
  paymentId: number;
  kind: 'contract' | 'screenshot' | 'receipt';
  storedName: string;
  originalName: string;
  extension: string;
  mime: string;
  size: number;
  uploadedBy: number | null;
  createdAt: number;
};

// Append-only (the database refuses UPDATE and DELETE); changes is a JSON array of {field, before, after}.
export type PaymentTrackTable = {
  id: Generated<number>;
  paymentId: number;
  operatorId: number | null;
  operation: string;
  changes: string;
  createdAt: number;
};

export type ApplicationFileTable = {
  id: Generated<number>;
  applicationId: number | null;
  title: string;
  type: string;
  storedName: string;
  displayPath: string;
  extension: string;
  mime: string;
  size: number;
  uploaderId: number | null;
  uploadedAt: number;
  visaStageId: Generated<number | null>;
  createdAt: number;
  updatedAt: number;
};

export type MailSenderTable = {
  id: Generated<number>;
  displayName: string | null;
  host: string;
  port: number;
  account: string;
  passwordEnc: string;
  tlsMode: 'starttls' | 'tls' | 'none';
  createdAt: number;
  updatedAt: number;
  // The Reply-To of its e-mails; null: replies go to the account.
  replyTo: string | null;
};

export type MessageTemplateTable = {
  id: Generated<number>;
  name: string;
  title: string | null;
  type: string;
  frameUrl: string | null;
  frameHtml: string | null;
  content: string | null;
  createdAt: number;
  updatedAt: number;
};

export type EmailMessageTable = {
  id: Generated<number>;
  senderId: number;
  templateId: number | null;
  subject: string;
  content: string;
  bodyHtml: string;
  platform: string;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  // 1: a system e-mail (verification code), hidden from the e-mail list, body sealed with the secret box.
  isSystem: Generated<number>;
  // "Send later": its outbox rows are due then; null: sent at once.
  sendAt: number | null;
  // The record this e-mail copies (source 'notice'): each recipient receives it addressed to them alone.
  source: string | null;
  sourceId: number | null;
  // Its names folded for the search box (migration 0045; packages/shared searchText).
  searchText: Generated<string>;
};

export type EmailAttachmentTable = {
  id: Generated<number>;
  emailId: number;
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
  createdAt: number;
};

export type DeliveryOutboxTable = {
  id: Generated<number>;
  channel: string;
  messageId: number;
  recipient: string;
  // An e-mail recipient's place: to, cc or bcc (null on other channels).
  role: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';
  attempts: Generated<number>;
  nextAttemptAt: number;
  claimedUntil: number | null;
  claimToken: string | null;
  lastError: string | null;
  lastErrorCode: string | null;
  providerMessageId: string | null;
  sentAt: number | null;
  // The worker's unit of claim and concurrency (decision: one mail server's mail, its system mail, SMS).
  lane: Generated<string>;
  createdAt: number;
  updatedAt: number;
};

// Outbox rows per channel, message and status (migration 0076), kept by triggers on delivery_outbox.
export type DeliveryMessageCountTable = {
  channel: string;
  messageId: number;
  status: DeliveryOutboxTable['status'];
  n: number;
};

export type SmsBatchTable = {
  id: Generated<number>;
  kind: 'batch' | 'text';
  // 'importing': an upload still being written in chunks (no screen sees it).
  status: 'importing' | 'draft' | 'queued';
  purpose: string | null;
  terminal: string | null;
  sender: string | null;
  content: string | null;
  fileName: string | null;
  accepted: number;
  rejected: number;
  sendAt: number | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  // Its names folded for the search box (migration 0045; packages/shared searchText).
  searchText: Generated<string>;
};

export type SmsRecipientTable = {
  id: Generated<number>;
  batchId: number;
  rowNo: number;
  phone: string | null;
  mobileRaw: string | null;
  regionRaw: string | null;
  variables: string | null;
  reason: string | null;
  reasonRow: number | null;
};

// Spreadsheet imports (migration 0056, docs/import.md).
export type ImportRunTable = {
  id: Generated<number>;
  kind: string;
  status: 'checking' | 'checked' | 'running' | 'done' | 'failed';
  mode: 'all' | 'valid' | null;
  fileName: string | null;
  total: number;
  toAdd: number;
  toChange: number;
  toRefuse: number;
  processed: Generated<number>;
  added: Generated<number>;
  changed: Generated<number>;
  refused: Generated<number>;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ImportRowTable = {
  id: Generated<number>;
  runId: number;
  rowNo: number;
  action: 'add' | 'change' | 'refuse';
  outcome: 'added' | 'changed' | 'refused' | 'skipped' | null;
  cells: string;
  reason: string | null;
  targetId: number | null;
};
// A course choice an application import is writing (migration 0085, decision 342): the key is the lock.
export type ImportClaimTable = { claimKey: string; createdAt: number };

export type MemberTwoFactorTable = {
  memberId: number;
  secretEnc: string;
  enabledAt: number | null;
  lastStep: number | null;
  createdAt: number;
  updatedAt: number;
};

export type MemberRecoveryCodeTable = {
  id: Generated<number>;
  memberId: number;
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type MemberWalletTable = {
  id: Generated<number>;
  memberId: number;
  chain: string;
  address: string;
  publicKey: string;
  derivationPath: string;
  wrappedKey: string;
  mnemonicEnc: string;
  privateKeyEnc: string;
  checkPositions: string | null;
  checkFailures: Generated<number>;
  activatedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

// Live rows per bucket of a list (migration 0014), kept by triggers: applications per status, members per type,
// applications per first character of the name (0034).
// One holder at a time for a job every server schedules.
// One audited call or event (migration 0042, docs/audit.md); append-only.
export type AuditLogTable = {
  id: Generated<number>;
  createdAt: number;
  memberId: number | null;
  roleId: number | null;
  module: string;
  action: string;
  route: string | null;
  recordType: string | null;
  recordId: number | null;
  recordIds: string | null;
  ip: string | null;
  userAgent: string | null;
  outcome: 'ok' | 'refused' | 'error';
  code: number;
  durationMs: number;
  requestId: string | null;
  changes: string | null;
};

// Issue 41: while a row exists (inside an erasure's or retention run's transaction only) the append-only logs may be
// scrubbed (migration 0052, decision 166).
export type ErasureGuardTable = { id: Generated<number>; purpose: 'erasure' | 'retention'; createdAt: number };
// Audit entries archived by the retention job: one gzip JSON-lines file each (migration 0053).
export type AuditArchiveTable = {
  id: Generated<number>;
  storedName: string;
  size: number;
  entries: number;
  firstAt: number;
  lastAt: number;
  createdAt: number;
  updatedAt: number;
};
// A person whose personal data was erased (migration 0053); unique per member.
export type ErasedPersonTable = {
  id: Generated<number>;
  memberId: number;
  pseudonym: string;
  erasedBy: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ClusterLeaseTable = { name: string; holder: string; expiresAt: number };
// Counters every server reads to see another's change.
export type ChangeCounterTable = { name: string; value: number };

export type ListCountTable = {
  list: 'application' | 'member' | 'application_initial' | 'role_member' | 'email';
  bucket: string;
  n: number | string;
};

// Payment sums and counts per currency, type and status (migration 0023), kept by triggers on payment_record.
export type PaymentSummaryTable = {
  currency: string;
  type: 'collection' | 'refund';
  status: 'pending' | 'confirmed' | 'voided';
  amountMinor: number | string;
  n: number | string;
};

// Sums of payment_record per transaction day, currency, type and status, kept by triggers (migration 0024).
export type PaymentDayTotalTable = {
  day: string;
  currency: string;
  type: 'collection' | 'refund';
  status: 'pending' | 'confirmed' | 'voided';
  amountMinor: number | string;
  n: number | string;
};

// Live applications per application date and status, kept by triggers (migration 0032).
export type ApplicationDayCountTable = {
  day: string;
  status: string;
  n: number | string;
};

// Follow-ups per UTC day (epoch day number): created that day, of those the done ones, and done that day; kept by
// triggers (migration 0037).
export type FollowUpDayCountTable = {
  day: number | string;
  created: number | string;
  createdDone: number | string;
  done: number | string;
};

export type Database = {
  project: ProjectTable;
  projectMember: ProjectMemberTable;
  projectConstitution: ProjectConstitutionTable;
  kpiType: KpiTypeTable;
  task: TaskTable;
  contribution: ContributionTable;
  contentItem: ContentItemTable;
  merchant: MerchantTable;
  listCount: ListCountTable;
  clusterLease: ClusterLeaseTable;
  auditLog: AuditLogTable;
  erasureGuard: ErasureGuardTable;
  auditArchive: AuditArchiveTable;
  erasedPerson: ErasedPersonTable;
  changeCounter: ChangeCounterTable;
  member: MemberTable;
  role: RoleTable;
  memberRole: MemberRoleTable;
  permission: PermissionTable;
  rolePermission: RolePermissionTable;
  session: SessionTable;
  captcha: CaptchaTable;
  loginThrottle: LoginThrottleTable;
  memberNotice: MemberNoticeTable;
  systemMessage: SystemMessageTable;
  memberTodo: MemberTodoTable;
  messageRead: MessageReadTable;
  sysConfig: SysConfigTable;
  dictEntry: DictEntryTable;
  tag: TagTable;
  label: LabelTable;
  memberLabel: MemberLabelTable;
  memberFts: MemberFtsTable;
  application: ApplicationTable;
  applicationEducation: ApplicationEducationTable;
  applicationJob: ApplicationJobTable;
  applicationLanguageScore: ApplicationLanguageScoreTable;
  applicationReferrer: ApplicationReferrerTable;
  applicationTargetSchool: ApplicationTargetSchoolTable;
  admissionsCycle: AdmissionsCycleTable;
  applicationReminder: ApplicationReminderTable;
  visaStage: VisaStageTable;
  applicationVisaStep: ApplicationVisaStepTable;
  job: JobTable;
  privacyRequest: PrivacyRequestTable;
  privacyReminder: PrivacyReminderTable;
  followUp: FollowUpTable;
  applicationFile: ApplicationFileTable;
  paymentRecord: PaymentRecordTable;
  paymentFile: PaymentFileTable;
  paymentTrack: PaymentTrackTable;
  mailSender: MailSenderTable;
  messageTemplate: MessageTemplateTable;
  emailMessage: EmailMessageTable;
  emailAttachment: EmailAttachmentTable;
  deliveryOutbox: DeliveryOutboxTable;
  deliveryMessageCount: DeliveryMessageCountTable;
  memberTwoFactor: MemberTwoFactorTable;
  memberRecoveryCode: MemberRecoveryCodeTable;
  memberWallet: MemberWalletTable;
  feedback: FeedbackTable;
  feedbackReply: FeedbackReplyTable;
  feedbackTodo: FeedbackTodoTable;
  memberProfile: MemberProfileTable;
  personalCv: PersonalCvTable;
  smsBatch: SmsBatchTable;
  smsRecipient: SmsRecipientTable;
  importRun: ImportRunTable;
  importRow: ImportRowTable;
  importClaim: ImportClaimTable;
  verificationCode: VerificationCodeTable;
  verificationSend: VerificationSendTable;
  fileUpload: FileUploadTable;
  paymentSummary: PaymentSummaryTable;
  paymentDayTotal: PaymentDayTotalTable;
  applicationDayCount: ApplicationDayCountTable;
  followUpDayCount: FollowUpDayCountTable;
  assistantConversation: AssistantConversationTable;
  assistantMessage: AssistantMessageTable;
};

export type FeedbackTable = {
  id: Generated<number>;
  memberId: number | null;
  name: string;
  email: string | null;
  areaCode: string | null;
  mobile: string | null;
  content: string;
  locale: string;
  status: 'open' | 'answered';
  replyCount: Generated<number>;
  repliedAt: number | null;
  repliedBy: number | null;
  createdAt: number;
  // Its names folded for the search box (migration 0045; packages/shared searchText).
  searchText: Generated<string>;
};

export type FeedbackReplyTable = {
  id: Generated<number>;
  feedbackId: number;
  authorId: number | null;
  content: string;
  emailId: number | null;
  messaged: Generated<number>;
  createdAt: number;
};

export type FeedbackTodoTable = {
  id: Generated<number>;
  feedbackId: number;
  memberId: number;
};

// The member's own profile beyond the account fields (migration 0021); list columns hold JSON arrays.
export type MemberProfileTable = {
  memberId: number;
  nationality: string | null;
  city: string | null;
  location: string | null;
  address: string | null;
  summary: string | null;
  hobbies: string | null;
  workYears: number | null;
  expectedSalary: number | string | null;
  salaryCurrency: string | null;
  employmentMode: string | null;
  skills: string;
  languages: string;
  jobTags: string;
  techStack: string;
  workHistory: string;
  educationHistory: string;
  certificates: string;
  awards: string;
  avatarFile: string | null;
  createdAt: number;
  updatedAt: number;
};

// A member's CV (personalCv): its own headline and objective; the rest is the profile.
export type PersonalCvTable = {
  memberId: number;
  headline: string;
  objective: string | null;
  createdAt: number;
  updatedAt: number;
};

// Verification codes (issue 19).
export type VerificationCodeTable = {
  id: Generated<number>;
  memberId: number;
  channel: 'email' | 'mobile';
  purpose: string;
  target: string;
  codeHash: string;
  salt: string;
  expiresAt: number;
  tries: Generated<number>;
  consumedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type VerificationSendTable = { target: string; purpose: string; sentAt: number };
// Who uploaded a file through the general upload (decision 295).
export type FileUploadTable = { storedName: string; memberId: number; createdAt: number };

// Projects (migration 0025, issue 21). Share ratios in basis points (1 % = 100); dates as YYYY-MM-DD.
export type ProjectTable = {
  id: Generated<number>;
  name: string;
  description: string | null;
  status: 'planning' | 'active' | 'paused' | 'closed';
  startDate: string | null;
  endDate: string | null;
  ownerId: number | null;
  createdBy: number | null;
  version: Generated<number>;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ProjectMemberTable = {
  id: Generated<number>;
  projectId: number;
  memberId: number;
  projectRole: 'manager' | 'member' | 'observer';
  shareBp: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type ProjectConstitutionTable = {
  id: Generated<number>;
  projectId: number;
  revision: number;
  content: string;
  createdBy: number | null;
  createdAt: number;
};

// Tasks, KPI types and contribution records (migration 0026, issue 21).
export type KpiTypeTable = {
  id: Generated<number>;
  nameTw: string;
  nameCn: string;
  nameEn: string;
  unit: string;
  weight: Generated<number>;
  enabled: Generated<number>;
  sort: Generated<number>;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type TaskTable = {
  id: Generated<number>;
  projectId: number;
  title: string;
  description: string | null;
  assigneeId: number | null;
  dueDate: string | null;
  status: 'todo' | 'doing' | 'review' | 'done' | 'cancelled';
  kpiTypeId: number | null;
  points: Generated<number>;
  doneAt: number | null;
  createdBy: number | null;
  version: Generated<number>;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type ContributionTable = {
  id: Generated<number>;
  memberId: number;
  projectId: number;
  taskId: number | null;
  kpiTypeId: number | null;
  title: string;
  points: number;
  contributedOn: string;
  createdAt: number;
};

// Content items and the merchant record (migration 0027, issue 21).
export type ContentItemTable = {
  id: Generated<number>;
  title: string;
  body: string;
  locale: 'all' | 'zh-TW' | 'zh-CN' | 'en-US';
  status: 'draft' | 'published';
  pinned: Generated<number>;
  publishFrom: number | null;
  publishTo: number | null;
  createdBy: number | null;
  version: Generated<number>;
  createdAt: number;
  updatedAt: number;
};

export type MerchantTable = {
  code: string;
  nameTw: string;
  nameCn: string;
  nameEn: string;
  logoFile: string | null;
  contactEmail: string | null;
  updatedBy: number | null;
  version: Generated<number>;
  updatedAt: number;
};

// A row as a query reads it: every repository row type is derived from this, never typed again by hand.
export type Row<T extends keyof Database> = Selectable<Database[T]>;

// XiaoK, the assistant (migration 0031, issue 20): each member's own conversations and messages.
export type AssistantConversationTable = {
  id: Generated<number>;
  memberId: number;
  title: string;
  createdAt: number;
  updatedAt: number;
};

export type AssistantMessageTable = {
  id: Generated<number>;
  conversationId: number;
  memberId: number;
  role: 'user' | 'assistant';
  content: string;
  // JSON arrays of links / help cards (capped), null when there are none.
  links: string | null;
  cards: string | null;
  answerer: 'model' | 'embedded' | null;
  status: 'pending' | 'ok' | 'error' | 'cancelled';
  errorCode: number | null;
  createdAt: number;
  updatedAt: number;
};
