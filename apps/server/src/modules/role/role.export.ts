import { PERM, RoleListQuery, type Locale, type Role, type RoleKind } from '@study-crm/shared';
import { column, listPages, tr, type Exporter } from '../export/index.js';
import type { RoleService } from './role.service.js';

// The list's own wording of a role's kind (pages/access/locale.ts).
const KIND: Record<RoleKind, Record<Locale, string>> = {
  assignment: tr('分配', '分配', 'Assignment'),
  management: tr('管理分配', '管理分配', 'Management assignment'),
  general: tr('一般', '一般', 'General'),
};

// The role list's export (issue 39): the list's own call (keyword, kind), for holders of its permission.
export function roleExporter(roles: Pick<RoleService, 'list'>): Exporter<RoleListQuery, Role> {
  return {
    list: 'role',
    perm: PERM.roleList,
    sheet: tr('角色管理', '角色管理', 'Roles'),
    query: RoleListQuery,
    page: listPages(roles.list),
    columns: [
      column.plain('name', tr('角色名稱', '角色名称', 'Role name'), 24),
      column.plain('cnName', tr('中文名稱', '中文名称', 'Chinese name'), 20),
      column.named('kind', tr('類型', '类型', 'Kind'), 20, KIND),
      column.plain('memberCount', tr('成員數', '成员数', 'Members'), 10),
    ],
  };
}
