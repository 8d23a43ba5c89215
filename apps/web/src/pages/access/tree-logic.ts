import type { MenuItem } from '@study-crm/shared';

export type TreeIndex = { parent: Map<number, number>; children: Map<number, number[]> };

export function indexTree(items: readonly MenuItem[]): TreeIndex {
  const index: TreeIndex = { parent: new Map(), children: new Map() };
  const walk = (list: readonly MenuItem[], parentId: number) => {
    for (const item of list) {
      index.parent.set(item.id, parentId);
      index.children.set(
        item.id,
        item.children.map((c) => c.id),
      );
      walk(item.children, item.id);
    }
  };
  walk(items, 0);
  return index;
}

export function descendants(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    stack.push(...(index.children.get(cur) ?? []));
  }
  return out;
}

// Checking an item grants it, everything under it and the path to it; unchecking takes away the item and
// everything under it but keeps its parents (a screen stays when one of its buttons is removed).
export function toggle(index: TreeIndex, granted: ReadonlySet<number>, id: number, checked: boolean): Set<number> {
  const next = new Set(granted);
  if (checked) {
    next.add(id);
    for (const d of descendants(index, id)) next.add(d);
    for (let p = index.parent.get(id); p; p = index.parent.get(p)) next.add(p);
  } else {
    next.delete(id);
    for (const d of descendants(index, id)) next.delete(d);
  }
  return next;
}

// Fully granted items show checked; items granted without all of their subtree show half-checked.
export function checkState(
  index: TreeIndex,
  granted: ReadonlySet<number>,
): { checked: number[]; halfChecked: number[] } {
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const id of granted) {
    if (!index.parent.has(id)) continue;
    (descendants(index, id).every((d) => granted.has(d)) ? checked : halfChecked).push(id);
  }
  return { checked, halfChecked };
}
