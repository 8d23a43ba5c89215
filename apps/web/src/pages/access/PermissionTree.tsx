import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { MenuItem } from '@study-crm/shared';
import { menuLabel } from './labels';
import { checkState, indexTree, toggle } from './tree-logic';

type Props = {
  tree: MenuItem[] | undefined;
  loading?: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
};

// The checkable menu and button tree of the role editor (a Form control: value = granted ids).
export function PermissionTree({ tree, loading, value = [], onChange }: Props) {
  const { t } = useTranslation();
  const index = useMemo(() => indexTree(tree ?? []), [tree]);
  const granted = useMemo(() => new Set(value), [value]);

  const nodes = useMemo(() => {
    const toNode = (item: MenuItem): DataNode => ({
      key: item.id,
      title: (
        <span data-testid={`perm-node-${item.perm}`}>
          {menuLabel(t, item)}
          {item.type === 'button' ? (
            <Tag style={{ marginInlineStart: 6 }} color="blue">
              {t('access.menu.typeButton')}
            </Tag>
          ) : null}
        </span>
      ),
      children: item.children.length ? item.children.map(toNode) : undefined,
    });
    return (tree ?? []).map(toNode);
  }, [tree, t]);

  if (loading) return <Spin />;
  if (!nodes.length) return <Empty />;
  return (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={nodes}
      checkedKeys={checkState(index, granted)}
      onCheck={(_keys, info) => onChange?.([...toggle(index, granted, Number(info.node.key), info.checked)])}
      data-testid="permission-tree"
    />
  );
}
