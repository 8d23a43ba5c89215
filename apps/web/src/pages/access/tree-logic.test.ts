import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@study-crm/shared';
import { checkState, indexTree, toggle } from './tree-logic';

const item = (id: number, parentId: number, children: MenuItem[] = []): MenuItem => ({
  id,
  parentId,
  name: `n${id}`,
  title: `t${id}`,
  icon: null,
  url: null,
  sort: id,
  isShow: 1,
  component: null,
  perm: `p${id}`,
  type: children.length || parentId === 0 ? 'menu' : 'button',
  children,
});

// 1 (group) → 2 (screen) → 3, 4 (buttons); 1 → 5 (screen)
const tree = [item(1, 0, [item(2, 1, [item(3, 2), item(4, 2)]), item(5, 1)])];
const index = indexTree(tree);

describe('permission tree checks', () => {
  it('checking a button grants its screen and group, shown half-checked', () => {
    const granted = toggle(index, new Set(), 3, true);
    expect([...granted].sort()).toEqual([1, 2, 3]);
    expect(checkState(index, granted)).toEqual({ checked: [3], halfChecked: expect.arrayContaining([1, 2]) });
  });

  it('checking a screen grants its buttons; unchecking a button keeps the screen', () => {
    let granted = toggle(index, new Set(), 2, true);
    expect([...granted].sort()).toEqual([1, 2, 3, 4]);
    granted = toggle(index, granted, 4, false);
    expect([...granted].sort()).toEqual([1, 2, 3]);
    granted = toggle(index, granted, 2, false);
    expect([...granted].sort()).toEqual([1]);
  });

  it('shows a fully granted group as checked', () => {
    const granted = toggle(index, new Set(), 1, true);
    expect(checkState(index, granted).checked.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
