import type { MenuItem } from '@study-crm/shared';
import type { PermissionRow } from './permission.repository.js';

export function toMenuItem(row: PermissionRow): MenuItem {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    title: row.title,
    icon: row.icon,
    url: row.url,
    sort: row.sort,
    isShow: row.isShow === 1 ? 1 : 0,
    component: row.component,
    perm: row.perm,
    type: row.type,
    children: [],
  };
}

// Builds the tree from rows sorted by (sort, id); an item whose parent is absent becomes a root.
export function buildTree(rows: PermissionRow[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const row of rows) byId.set(row.id, toMenuItem(row));
  const roots: MenuItem[] = [];
  for (const item of byId.values()) {
    const parent = item.parentId ? byId.get(item.parentId) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}
