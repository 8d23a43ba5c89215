// The permission identifiers and the menu tree seeded on first start.
// Every API route declares one identifier from PERM (or is listed in the server's exceptions).

export const PERM = {
  roleList: 'sys:role:list',
  roleAdd: 'sys:role:add',
  roleUpdate: 'sys:role:update',
  roleRemove: 'sys:role:remove',
  roleMembers: 'sys:role:members',
  menuList: 'sys:permission:list',
  menuAdd: 'sys:permission:add',
  menuUpdate: 'sys:permission:update',
  menuRemove: 'sys:permission:remove',
  configList: 'sys:config:list',
  auditList: 'sys:audit:list',
  configAdd: 'sys:config:add',
  configUpdate: 'sys:config:update',
  configRemove: 'sys:config:remove',
  dictList: 'sys:dict:list',
  dictAdd: 'sys:dict:add',
  dictUpdate: 'sys:dict:update',
  dictRemove: 'sys:dict:remove',
  tagList: 'sys:tag:list',
  tagAdd: 'sys:tag:add',
  tagUpdate: 'sys:tag:update',
  tagRemove: 'sys:tag:remove',
  labelList: 'label:list',
  labelAdd: 'label:add',
  labelUpdate: 'label:update',
  labelRemove: 'label:remove',
  memberList: 'member:list',
  memberView: 'member:view',
  memberAdd: 'member:add',
  memberUpdate: 'member:update',
  memberRemove: 'member:remove',
  memberSetPassword: 'member:setPassword',
  memberResetTwoFactor: 'member:resetTwoFactor',
  applicationList: 'application:list',
  applicationView: 'application:view',
  applicationAdd: 'application:add',
  applicationUpdate: 'application:update',
  followList: 'follow:list',
  followAdd: 'follow:add',
  followUpdate: 'follow:update',
  fileList: 'file:list',
  fileUpload: 'file:upload',
  fileUpdate: 'file:update',
  fileRemove: 'file:remove',
  paymentList: 'payment:list',
  paymentUserList: 'payment:userList',
  paymentAdd: 'payment:add',
  paymentUpdate: 'payment:update',
  paymentConfirm: 'payment:confirm',
  paymentVoid: 'payment:void',
  trackList: 'track:list',
  feedbackList: 'feedback:list',
  feedbackAnswer: 'feedback:answer',
  emailList: 'email:list',
  emailAdd: 'email:add',
  emailResend: 'email:resend',
  mailSenderList: 'mailSender:list',
  mailSenderAdd: 'mailSender:add',
  mailSenderUpdate: 'mailSender:update',
  mailSenderRemove: 'mailSender:remove',
  mailSenderTest: 'mailSender:test',
  noticeList: 'notice:list',
  noticeAdd: 'notice:add',
  noticeUpdate: 'notice:update',
  noticeRemove: 'notice:remove',
  smsList: 'sms:list',
  smsAdd: 'sms:add',
  templateList: 'template:list',
  templateAdd: 'template:add',
  templateUpdate: 'template:update',
  templateRemove: 'template:remove',
  projectList: 'project:list',
  projectAdd: 'project:add',
  projectUpdate: 'project:update',
  projectRemove: 'project:remove',
  projectMembers: 'project:members',
  projectConstitution: 'project:constitution',
  taskList: 'task:list',
  taskAdd: 'task:add',
  taskUpdate: 'task:update',
  taskRemove: 'task:remove',
  kpiTypeList: 'kpiType:list',
  kpiTypeAdd: 'kpiType:add',
  kpiTypeUpdate: 'kpiType:update',
  kpiTypeRemove: 'kpiType:remove',
  contributionList: 'contribution:list',
  userList: 'user:list',
  userAdd: 'user:add',
  userUpdate: 'user:update',
  userRemove: 'user:remove',
  userSetPassword: 'user:setPassword',
  contentList: 'content:list',
  contentAdd: 'content:add',
  contentUpdate: 'content:update',
  contentRemove: 'content:remove',
  merchantUpdate: 'merchant:update',
  cycleList: 'admissions:cycle:list',
  cycleAdd: 'admissions:cycle:add',
  cycleUpdate: 'admissions:cycle:update',
  cycleRemove: 'admissions:cycle:remove',
  visaStageList: 'admissions:visaStage:list',
  visaStageAdd: 'admissions:visaStage:add',
  visaStageUpdate: 'admissions:visaStage:update',
  visaStageRemove: 'admissions:visaStage:remove',
  // UK GDPR (issue 41): data requests and the subject access export.
  privacyList: 'sys:privacy:list',
  privacyAdd: 'sys:privacy:add',
  privacyUpdate: 'sys:privacy:update',
  privacyExport: 'sys:privacy:export',
  privacyErase: 'sys:privacy:erase',
} as const;
export type Perm = (typeof PERM)[keyof typeof PERM];

export type MenuType = 'menu' | 'button';

export type MenuSeed = {
  perm: string; // permission identifier, unique: the seed's identity
  name: string; // English name, also the web locale key (menu.<name>)
  title: string; // Chinese title shown where no locale string exists
  type: MenuType;
  path?: string;
  component?: string;
  icon?: string;
  sort: number;
  isShow?: 0 | 1;
  children?: MenuSeed[];
};

// A seed's columns as a menu row stores them (permission table, MenuItem): what the server inserts and what the
// web's local menu shows when the menu does not come from the server.
export const menuSeedRow = (s: MenuSeed) => ({
  name: s.name,
  title: s.title,
  icon: s.icon ?? null,
  url: s.path ?? null,
  sort: s.sort,
  isShow: s.isShow ?? 1,
  component: s.component ?? null,
  perm: s.perm,
  type: s.type,
});

const btn = (perm: string, name: string, title: string, sort: number): MenuSeed => ({
  perm,
  name,
  title,
  type: 'button',
  sort,
  isShow: 0,
});

type PermKey = keyof typeof PERM;
// The prefixes with all three of `<prefix>Add`, `<prefix>Update` and `<prefix>Remove`.
type CrudPrefix = {
  [K in PermKey]: K extends `${infer P}Add`
    ? `${P}Update` extends PermKey
      ? `${P}Remove` extends PermKey
        ? P
        : never
      : never
    : never;
}[PermKey];

// A screen's add, edit and remove buttons, sorted from `sort`.
const crudButtons = (prefix: CrudPrefix, sort = 1): MenuSeed[] => [
  btn(PERM[`${prefix}Add`], `${prefix}Add`, '新增', sort),
  btn(PERM[`${prefix}Update`], `${prefix}Update`, '編輯', sort + 1),
  btn(PERM[`${prefix}Remove`], `${prefix}Remove`, '刪除', sort + 2),
];

const screen = (
  perm: string,
  name: string,
  title: string,
  sort: number,
  buttons: MenuSeed[] = [],
  isShow: 0 | 1 = 1,
): MenuSeed => ({
  perm,
  name,
  title,
  type: 'menu',
  path: name,
  component: name,
  sort,
  isShow,
  children: buttons,
});

const group = (name: string, title: string, icon: string, sort: number, children: MenuSeed[]): MenuSeed => ({
  perm: `menu:${name}`,
  name,
  title,
  type: 'menu',
  path: `/${name}`,
  component: 'parentview',
  icon,
  sort,
  isShow: 1,
  children,
});

// Groups and screens of spec section 2, with their function buttons.
export const MENU_SEED: readonly MenuSeed[] = [
  group('applicationManage', '留學申請', 'solution', 1, [
    screen(PERM.applicationList, 'applicationList', '申請列表', 1, [
      btn(PERM.applicationAdd, 'applicationAdd', '新增申請', 1),
      btn(PERM.applicationUpdate, 'applicationUpdate', '編輯申請', 2),
    ]),
    screen(PERM.applicationView, 'applicationDetail', '申請詳情', 2, [], 0),
    screen(
      PERM.followList,
      'userFollow',
      '跟進記錄',
      3,
      [btn(PERM.followAdd, 'followAdd', '新增跟進', 1), btn(PERM.followUpdate, 'followUpdate', '編輯跟進', 2)],
      0,
    ),
    screen(PERM.paymentUserList, 'userTransactions', '學生付款記錄', 4, [], 0),
    screen(
      PERM.fileList,
      'userFiles',
      '檔案管理',
      5,
      [
        btn(PERM.fileUpload, 'fileUpload', '上傳檔案', 1),
        btn(PERM.fileUpdate, 'fileUpdate', '編輯檔案', 2),
        btn(PERM.fileRemove, 'fileRemove', '刪除檔案', 3),
      ],
      0,
    ),
  ]),
  group('transactionsManage', '付款管理', 'account-book', 2, [
    screen(PERM.paymentList, 'transactions', '付款記錄', 1, [
      btn(PERM.paymentAdd, 'paymentAdd', '新增付款', 1),
      btn(PERM.paymentUpdate, 'paymentUpdate', '編輯付款', 2),
      btn(PERM.paymentConfirm, 'paymentConfirm', '確認付款', 3),
      btn(PERM.paymentVoid, 'paymentVoid', '作廢付款', 4),
    ]),
  ]),
  group('tracksManage', '付款操作日誌', 'history', 3, [screen(PERM.trackList, 'tracks', '操作日誌', 1)]),
  group('feedbackManage', '意見回饋', 'message', 4, [
    screen(PERM.feedbackList, 'feedback', '回饋列表', 1, [btn(PERM.feedbackAnswer, 'feedbackAnswer', '回覆', 1)]),
  ]),
  group('message', '訊息管理', 'mail', 5, [
    screen(PERM.emailList, 'emailManage', '郵件管理', 1, [
      btn(PERM.emailAdd, 'emailAdd', '新增郵件', 1),
      btn(PERM.emailResend, 'emailResend', '重新寄送', 2),
    ]),
    screen(PERM.mailSenderList, 'emailSenderManage', '郵件伺服器', 2, [
      ...crudButtons('mailSender'),
      btn(PERM.mailSenderTest, 'mailSenderTest', '測試連線', 4),
    ]),
    screen(PERM.noticeList, 'noticeManage', '會員通知', 3, crudButtons('notice')),
    screen(PERM.smsList, 'smsManage', '簡訊管理', 4, [btn(PERM.smsAdd, 'smsAdd', '新增簡訊', 1)]),
    screen(PERM.templateList, 'templateManage', '範本管理', 5, crudButtons('template')),
  ]),
  group('employee', '員工管理', 'team', 6, [
    screen(PERM.memberList, 'employeeList', '員工列表', 1, [
      btn(PERM.memberAdd, 'memberAdd', '新增帳號', 1),
      btn(PERM.memberUpdate, 'memberUpdate', '編輯帳號', 2),
      btn(PERM.memberSetPassword, 'memberSetPassword', '設定密碼', 3),
      btn(PERM.memberRemove, 'memberRemove', '刪除帳號', 4),
      btn(PERM.memberResetTwoFactor, 'memberResetTwoFactor', '重設兩步驟登入', 5),
    ]),
    screen(PERM.memberView, 'employeeProfile', '員工資料', 2, [], 0),
    screen(PERM.userList, 'accountList', '帳號列表', 3, [
      btn(PERM.userAdd, 'userAdd', '新增帳號', 1),
      btn(PERM.userUpdate, 'userUpdate', '編輯帳號', 2),
      btn(PERM.userSetPassword, 'userSetPassword', '設定密碼', 3),
      btn(PERM.userRemove, 'userRemove', '刪除帳號', 4),
      btn(PERM.privacyErase, 'privacyErase', '清除個人資料', 5),
    ]),
  ]),
  group('systemSetup', '系統設定', 'setting', 7, [
    screen(PERM.configList, 'configManage', '參數設定', 1, crudButtons('config')),
    screen(PERM.dictList, 'dictManage', '字典管理', 2, crudButtons('dict')),
    screen(PERM.tagList, 'sysTagManage', '標籤管理', 3, crudButtons('tag')),
    screen(PERM.labelList, 'labels', '會員標記', 4, crudButtons('label')),
    screen(PERM.contentList, 'contentManage', '公告管理', 5, crudButtons('content')),
    screen(PERM.merchantUpdate, 'merchantSettings', '商戶資料', 6),
    screen(PERM.auditList, 'operationLog', '系統操作日誌', 7),
    screen(PERM.cycleList, 'admissionsCycles', '招生週期', 8, crudButtons('cycle')),
    screen(PERM.visaStageList, 'visaStages', '簽證階段', 9110, crudButtons('visaStage', 9111)),
    screen(PERM.privacyList, 'dataRequests', '個資請求', 9100, [
      btn(PERM.privacyAdd, 'privacyAdd', '新增請求', 9101),
      btn(PERM.privacyUpdate, 'privacyUpdate', '完成請求', 9102),
      btn(PERM.privacyExport, 'privacyExport', '匯出個人資料', 9103),
    ]),
  ]),
  group('projectManage', '專案管理', 'project', 9, [
    screen(PERM.projectList, 'projectList', '全部專案', 1, [
      btn(PERM.projectAdd, 'projectAdd', '新增專案', 1),
      btn(PERM.projectUpdate, 'projectUpdate', '編輯專案', 2),
      btn(PERM.projectRemove, 'projectRemove', '刪除專案', 3),
      btn(PERM.projectMembers, 'projectMembers', '成員管理', 4),
      btn(PERM.projectConstitution, 'projectConstitution', '專案章程', 5),
    ]),
    screen(PERM.taskList, 'taskList', '全部任務', 2, [
      btn(PERM.taskAdd, 'taskAdd', '新增任務', 1),
      btn(PERM.taskUpdate, 'taskUpdate', '編輯任務', 2),
      btn(PERM.taskRemove, 'taskRemove', '刪除任務', 3),
    ]),
    screen(PERM.contributionList, 'contributionList', '貢獻紀錄', 3),
    screen(PERM.kpiTypeList, 'kpiTypeList', 'KPI 類型', 4, crudButtons('kpiType')),
  ]),
  group('accessManage', '權限管理', 'safety', 8, [
    screen(PERM.roleList, 'roleManage', '角色管理', 1, [
      btn(PERM.roleAdd, 'roleAdd', '新增角色', 1),
      btn(PERM.roleUpdate, 'roleUpdate', '編輯角色', 2),
      btn(PERM.roleRemove, 'roleRemove', '刪除角色', 3),
      btn(PERM.roleMembers, 'roleMembers', '角色成員', 4),
    ]),
    screen(PERM.menuList, 'menuManage', '選單管理', 2, [
      btn(PERM.menuAdd, 'menuAdd', '新增選單', 1),
      btn(PERM.menuUpdate, 'menuUpdate', '編輯選單', 2),
      btn(PERM.menuRemove, 'menuRemove', '刪除選單', 3),
    ]),
  ]),
];

// Component keys the web app maps to screens (spec section 2, plus noticeManage and labels).
export const COMPONENT_KEYS = [
  'parentview',
  'roleManage',
  'menuManage',
  'configManage',
  'dictManage',
  'sysTagManage',
  'labels',
  'employeeList',
  'employeeProfile',
  'profile',
  'smsManage',
  'emailManage',
  'templateManage',
  'emailSenderManage',
  'noticeManage',
  'feedback',
  'transactions',
  'applicationList',
  'userTransactions',
  'userFiles',
  'userFollow',
  'applicationDetail',
  'tracks',
  'operationLog',
  'projectList',
  'taskList',
  'contributionList',
  'kpiTypeList',
  'accountList',
  'contentManage',
  'merchantSettings',
  'admissionsCycles',
  'visaStages',
  'dataRequests',
] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];

export const ADMIN_ROLE_NAME = 'ROLE_ADMIN';
export const HOME_COMPONENT: ComponentKey = 'applicationList';
