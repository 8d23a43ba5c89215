import type { AuditRecordType } from './audit-records.js';
import type { Locale } from './locale.js';

// The names of the operation log's modules, actions and record types, in zh-TW, zh-CN and en-US: one table that the
// web (the operation log, a record's History) and the server (the operation log's Excel export) both read, so the
// file says what the screen says (decision 310). A route that declares a new module or action names it here (a
// server test reads the declared ones); a record type is named by the type of its table.

export type AuditNames = readonly [zhTW: string, zhCN: string, enUS: string];

export const AUDIT_MODULE_NAMES = {
  access: ['權限檢查', '权限检查', 'Access check'],
  account: ['帳號密碼', '账号密码', 'Account password'],
  admissions: ['招生週期', '招生周期', 'Admissions cycles'],
  application: ['留學申請', '留学申请', 'Applications'],
  assistant: ['小K助理', '小K助理', 'Assistant'],
  auth: ['登入', '登录', 'Sign-in'],
  binding: ['帳號綁定', '账号绑定', 'Account binding'],
  content: ['公告與商戶', '公告与商户', 'Announcements and merchant'],
  dict: ['字典', '字典', 'Dictionary'],
  erasure: ['清除個人資料', '清除个人资料', 'Erasure of personal data'],
  export: ['匯出', '导出', 'Export'],
  feedback: ['意見回饋', '意见反馈', 'Feedback'],
  files: ['檔案', '文件', 'Files'],
  followUp: ['跟進記錄', '跟进记录', 'Follow-ups'],
  import: ['匯入', '导入', 'Import'],
  inbox: ['訊息盒', '消息盒', 'Message box'],
  jobs: ['背景工作', '后台任务', 'Background jobs'],
  label: ['會員標記', '会员标记', 'Member labels'],
  mail: ['郵件', '邮件', 'E-mail'],
  member: ['員工帳號', '员工账号', 'Staff accounts'],
  notice: ['通知', '通知', 'Notices'],
  payment: ['付款記錄', '付款记录', 'Payments'],
  permission: ['選單', '菜单', 'Menu'],
  privacy: ['個資保護', '个人数据', 'Data protection'],
  profile: ['個人資料', '个人资料', 'Profile'],
  project: ['專案', '项目', 'Projects'],
  retention: ['資料保留', '数据保留', 'Retention'],
  role: ['角色', '角色', 'Roles'],
  sms: ['簡訊', '短信', 'SMS'],
  sysconfig: ['參數設定', '参数设置', 'Settings'],
  tag: ['標籤', '标签', 'Tags'],
  task: ['任務', '任务', 'Tasks'],
  twoFactor: ['兩步驟登入', '两步验证登录', 'Two-factor sign-in'],
  userAccount: ['學生帳號', '学生账号', 'Student accounts'],
  verification: ['密碼重設', '密码重置', 'Password reset'],
  visaStage: ['簽證階段', '签证阶段', 'Visa stages'],
  wallet: ['錢包', '钱包', 'Wallet'],
} as const satisfies Readonly<Record<string, AuditNames>>;

export const AUDIT_ACTION_NAMES = {
  activate: ['啟用', '启用', 'Activate'],
  add: ['新增', '新增', 'Add'],
  addEmail: ['新增登入郵箱', '新增登录邮箱', 'Add login e-mail'],
  addKpiType: ['新增 KPI 類型', '新增 KPI 类型', 'Add KPI type'],
  addMember: ['新增成員', '新增成员', 'Add member'],
  addRequest: ['新增個資請求', '新增个人数据请求', 'Record a data request'],
  addSender: ['新增郵件伺服器', '新增邮件服务器', 'Add mail server'],
  addTemplate: ['新增範本', '新增模板', 'Add template'],
  answer: ['回覆', '回复', 'Answer'],
  assign: ['指派標記', '指派标记', 'Assign labels'],
  backupChallenge: ['備份驗證', '备份验证', 'Backup check'],
  batchPush: ['批次發送', '批量发送', 'Send batch'],
  bindEmail: ['綁定郵箱', '绑定邮箱', 'Bind e-mail'],
  bindMobile: ['綁定手機', '绑定手机', 'Bind mobile'],
  captchaByEmail: ['以郵件寄送圖形驗證碼', '以邮件发送图形验证码', 'Captcha code by e-mail'],
  cancel: ['取消', '取消', 'Cancel'],
  changePassword: ['修改密碼', '修改密码', 'Change password'],
  changeStatus: ['變更狀態', '变更状态', 'Change status'],
  check: ['匯入試算', '导入试算', 'Import dry run'],
  completeRequest: ['完成個資請求', '完成个人数据请求', 'Complete a data request'],
  confirm: ['確認', '确认', 'Confirm'],
  create: ['建立', '创建', 'Create'],
  createCv: ['建立履歷', '创建简历', 'Create CV'],
  disable: ['停用', '停用', 'Turn off'],
  discard: ['捨棄', '舍弃', 'Discard'],
  done: ['完成', '完成', 'Done'],
  download: ['下載', '下载', 'Download'],
  editPermissions: ['編輯權限', '编辑权限', 'Edit permissions'],
  emailCode: ['發送郵箱驗證碼', '发送邮箱验证码', 'Send e-mail code'],
  erase: ['清除', '清除', 'Erase'],
  export: ['匯出個人資料', '导出个人数据', 'Export personal data'],
  mobileCode: ['發送手機驗證碼', '发送手机验证码', 'Send mobile code'],
  reBindEmail: ['更換郵箱', '更换邮箱', 'Change e-mail'],
  reBindMobile: ['更換手機', '更换手机', 'Change mobile'],
  read: ['已讀', '已读', 'Read'],
  readAll: ['全部已讀', '全部已读', 'Read all'],
  refused: ['拒絕存取', '拒绝访问', 'Access refused'],
  remove: ['刪除', '删除', 'Remove'],
  removeAll: ['批次刪除', '批量删除', 'Remove several'],
  removeConversation: ['刪除對話', '删除对话', 'Remove conversation'],
  removeFile: ['刪除檔案', '删除文件', 'Remove file'],
  removeKpiType: ['刪除 KPI 類型', '删除 KPI 类型', 'Remove KPI type'],
  removeLogo: ['刪除標誌', '删除标志', 'Remove logo'],
  removeMember: ['移除成員', '移除成员', 'Remove member'],
  removeSender: ['刪除郵件伺服器', '删除邮件服务器', 'Remove mail server'],
  removeTemplate: ['刪除範本', '删除模板', 'Remove template'],
  requestReset: ['申請重設密碼', '申请重置密码', 'Request password reset'],
  reschedule: ['改期', '改期', 'Reschedule'],
  resend: ['重新發送', '重新发送', 'Resend'],
  reset: ['重設', '重置', 'Reset'],
  resetPassword: ['重設密碼', '重置密码', 'Reset password'],
  run: ['執行', '执行', 'Run'],
  saveConstitution: ['儲存章程', '保存章程', 'Save constitution'],
  saveVisaStep: ['儲存簽證步驟', '保存签证步骤', 'Save visa step'],
  send: ['發送', '发送', 'Send'],
  setPassword: ['設定密碼', '设置密码', 'Set password'],
  setup: ['設定', '设置', 'Set up'],
  signIn: ['登入', '登录', 'Sign in'],
  signInTwoFactor: ['兩步驟登入', '两步验证登录', 'Two-factor sign-in'],
  signOut: ['登出', '退出登录', 'Sign out'],
  start: ['開始', '开始', 'Start'],
  submit: ['提交', '提交', 'Submit'],
  submitMine: ['會員提交', '会员提交', 'Submit (member)'],
  switchRole: ['切換角色', '切换角色', 'Switch role'],
  testSender: ['測試郵件伺服器', '测试邮件服务器', 'Test mail server'],
  unbindEmail: ['解除綁定郵箱', '解除绑定邮箱', 'Unbind e-mail'],
  unbindMobile: ['解除綁定手機', '解除绑定手机', 'Unbind mobile'],
  update: ['編輯', '编辑', 'Update'],
  updateCv: ['編輯履歷', '编辑简历', 'Update CV'],
  updateFile: ['編輯檔案', '编辑文件', 'Update file'],
  updateKpiType: ['編輯 KPI 類型', '编辑 KPI 类型', 'Update KPI type'],
  updateLocation: ['更新位置', '更新位置', 'Update location'],
  updateMember: ['編輯成員', '编辑成员', 'Update member'],
  updateMemberRoles: ['設定成員角色', '设置成员角色', 'Set member roles'],
  updateMerchant: ['編輯商戶資料', '编辑商户资料', 'Update merchant'],
  updateOther: ['編輯其他資料', '编辑其他资料', 'Update other details'],
  updateSender: ['編輯郵件伺服器', '编辑邮件服务器', 'Update mail server'],
  updateStatus: ['變更狀態', '变更状态', 'Change status'],
  updateTemplate: ['編輯範本', '编辑模板', 'Update template'],
  upload: ['上傳', '上传', 'Upload'],
  uploadAvatar: ['上傳頭像', '上传头像', 'Upload avatar'],
  uploadFile: ['上傳檔案', '上传文件', 'Upload file'],
  uploadLogo: ['上傳標誌', '上传标志', 'Upload logo'],
  void: ['作廢', '作废', 'Void'],
  write: ['寫入', '写入', 'Write'],
} as const satisfies Readonly<Record<string, AuditNames>>;

// Every audited record type, and one no longer written: a personal-data export file had a table of its own until
// the jobs ran it (migration 0063); entries about it remain.
export const AUDIT_RECORD_TYPE_NAMES = {
  admissionsCycle: ['招生週期', '招生周期', 'Admissions cycle'],
  application: ['申請', '申请', 'Application'],
  applicationFile: ['申請檔案', '申请文件', 'Application file'],
  applicationVisaStep: ['簽證步驟', '签证步骤', 'Visa checklist step'],
  assistantConversation: ['助理對話', '助理对话', 'Assistant conversation'],
  contentItem: ['公告', '公告', 'Announcement'],
  dictEntry: ['字典項', '字典项', 'Dictionary entry'],
  emailMessage: ['郵件', '邮件', 'E-mail'],
  erasedPerson: ['已清除個人資料的人', '已清除个人资料的人', 'Erased person'],
  feedback: ['回饋', '反馈', 'Feedback'],
  followUp: ['跟進記錄', '跟进记录', 'Follow-up'],
  importRun: ['匯入', '导入', 'Import'],
  job: ['背景工作', '后台任务', 'Background job'],
  kpiType: ['KPI 類型', 'KPI 类型', 'KPI type'],
  label: ['會員標記', '会员标记', 'Member label'],
  mailSender: ['郵件伺服器', '邮件服务器', 'Mail server'],
  member: ['會員', '会员', 'Member'],
  memberNotice: ['通知', '通知', 'Notice'],
  messageTemplate: ['範本', '模板', 'Template'],
  paymentRecord: ['付款記錄', '付款记录', 'Payment record'],
  permission: ['選單項目', '菜单项', 'Menu item'],
  personalCv: ['履歷', '简历', 'CV'],
  privacyExport: ['個人資料匯出檔', '个人数据导出文件', 'Personal data export'],
  privacyRequest: ['個資請求', '个人数据请求', 'Data request'],
  project: ['專案', '项目', 'Project'],
  projectConstitution: ['專案章程', '项目章程', 'Project constitution'],
  projectMember: ['專案成員', '项目成员', 'Project member'],
  role: ['角色', '角色', 'Role'],
  smsBatch: ['簡訊批次', '短信批次', 'SMS batch'],
  sysConfig: ['參數', '参数', 'Setting'],
  tag: ['標籤', '标签', 'Tag'],
  task: ['任務', '任务', 'Task'],
  visaStage: ['簽證階段', '签证阶段', 'Visa stage'],
} as const satisfies Readonly<Record<AuditRecordType | 'privacyExport', AuditNames>>;

export type AuditNameGroup = 'module' | 'action' | 'recordType';

const TABLES: Readonly<Record<AuditNameGroup, Readonly<Record<string, AuditNames>>>> = {
  module: AUDIT_MODULE_NAMES,
  action: AUDIT_ACTION_NAMES,
  recordType: AUDIT_RECORD_TYPE_NAMES,
};
const COLUMN: Readonly<Record<Locale, 0 | 1 | 2>> = { 'zh-TW': 0, 'zh-CN': 1, 'en-US': 2 };

// A module, action or record type in a language; the identifier itself when the table has no name for it (an entry
// written by a newer server, or by an older one under a name since retired).
export function auditName(group: AuditNameGroup, id: string, locale: Locale): string {
  const names = Object.hasOwn(TABLES[group], id) ? TABLES[group][id] : undefined;
  return names ? names[COLUMN[locale]] : id;
}

// One language's column of a table, as the web's string bundles hold it.
export function auditNamesIn<K extends string>(
  table: Readonly<Record<K, AuditNames>>,
  locale: Locale,
): Record<K, string> {
  const i = COLUMN[locale];
  return Object.fromEntries(Object.entries<AuditNames>(table).map(([k, v]) => [k, v[i]])) as Record<K, string>;
}
