import {
  MemberListQuery,
  PERM,
  type IdentityStatus,
  type Locale,
  type MemberListItem,
  type MemberStatus,
  type MemberType,
} from '@study-crm/shared';
import { column, tr as h, type Exporter, type ExportColumn } from '../export/index.js';
import type { MemberService } from './member.service.js';

// The lists' own wording (pages/employee/locale.ts).
const STATUS: Record<MemberStatus, Record<Locale, string>> = {
  active: h('啟用', '启用', 'Active'),
  inactive: h('停用', '停用', 'Inactive'),
};
const IDENTITY: Record<IdentityStatus, Record<Locale, string>> = {
  verified: h('已驗證', '已验证', 'Verified'),
  unverified: h('未驗證', '未验证', 'Unverified'),
};
const TYPE: Record<MemberType, Record<Locale, string>> = {
  staff: h('員工', '员工', 'Staff'),
  student: h('學生', '学生', 'Student'),
  parent: h('家長', '家长', 'Parent'),
};

// The columns of the employee and account lists as they show them. Never a secret: a list item holds none (no
// password hash, second factor or session).
export const memberColumns: readonly ExportColumn<MemberListItem>[] = [
  column.plain('displayName', h('姓名', '姓名', 'Name')),
  column.plain('loginName', h('登入名稱', '登录名', 'Login name')),
  column.plain('email', h('電子郵件', '邮箱', 'E-mail'), 26),
  column.of('mobile', h('手機', '手机', 'Mobile'), (r) =>
    r.mobile ? `${r.areaCode ? `+${r.areaCode.replace(/^\+/, '')} ` : ''}${r.mobile}` : null,
  ),
  column.of(
    'roles',
    h('角色', '角色', 'Roles'),
    (r, l) => r.roles.map((x) => (l === 'en-US' ? x.enName || x.cnName : x.cnName)).join(', '),
    24,
  ),
  column.of('labels', h('標記', '标记', 'Labels'), (r) => r.labels.map((x) => x.name).join(', ')),
  column.of('memberType', h('會員類型', '会员类型', 'Member type'), (r, l) => TYPE[r.memberType][l]),
  column.named('status', h('狀態', '状态', 'Status'), 10, STATUS),
  column.named('identityStatus', h('身分驗證', '身份验证', 'Identity'), 10, IDENTITY),
  column.of('createdAt', h('註冊時間', '注册时间', 'Registered'), (r) => ({ date: r.createdAt })),
];

// The employee list's export (issue 39): the list's own call (staff only), filters, sort and permission.
export function employeeExporter(members: Pick<MemberService, 'list'>): Exporter<MemberListQuery, MemberListItem> {
  return {
    list: 'employee',
    perm: PERM.memberList,
    sheet: h('員工列表', '员工列表', 'Employees'),
    query: MemberListQuery,
    page: (q, _caller, pageNum, pageSize) =>
      members.list({ ...q, cursor: null, pageNum, pageSize }, { memberType: 'staff' }),
    columns: memberColumns,
  };
}
