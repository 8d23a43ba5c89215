import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber, Table, Tag, type TableColumnsType } from 'antd';
import { ListCard } from '../../components/crud/ListCard';
import { PERM, type MenuItem } from '@study-crm/shared';
import { usePermission } from '../../components/Permission';
import { linksColumn } from '../../components/crud/columns';
import { fitColumns, useBoxWidth } from '../../components/crud/DataTable';
import { usePermissionTree, useRemoveMenu, useSaveMenu } from './api';
import { menuLabel } from './labels';
import { MenuFormModal, type MenuTarget } from './MenuFormModal';
import { toast } from '../../lib/feedback';
import { useScreenTitle } from '../../components/crud/screenActive';

type Row = Omit<MenuItem, 'children'> & { children?: Row[] };

// antd's tree table shows an expander for any `children` array, so leaves carry none.
const toRows = (items: MenuItem[]): Row[] =>
  items.map(({ children, ...rest }) => (children.length ? { ...rest, children: toRows(children) } : rest));

// Reorder in place: a new sort value is saved on Enter or when the field loses focus.
function SortCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const save = useSaveMenu();
  const [value, setValue] = useState<number | null>(row.sort);
  const commit = async () => {
    if (value === null || value === row.sort) return setValue(row.sort);
    const { children: _children, ...item } = row;
    try {
      await save.mutateAsync({ ...item, sort: value });
    } catch {
      return setValue(row.sort);
    }
    toast.success(t('access.saved'));
  };
  return (
    <InputNumber
      size="small"
      precision={0}
      style={{ width: 90 }}
      value={value}
      disabled={save.isPending}
      onChange={setValue}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      aria-label={t('access.menu.sortOf', { name: menuLabel(t, row) })}
      data-testid={`menu-sort-${row.perm}`}
    />
  );
}

export default function MenuManagePage() {
  const { t } = useTranslation();
  const screenTitle = useScreenTitle();
  const tree = usePermissionTree();
  const remove = useRemoveMenu();
  const [target, setTarget] = useState<MenuTarget | null>(null);
  const canUpdate = usePermission(PERM.menuUpdate);

  const doRemove = async (row: Row) => {
    try {
      await remove.mutateAsync(row.id);
    } catch {
      return; // e.g. 5424, the server's message was shown
    }
    toast.success(t('access.removed'));
  };

  const findItem = (id: number, items: MenuItem[] = tree.data ?? []): MenuItem | undefined => {
    for (const i of items) {
      if (i.id === id) return i;
      const found = findItem(id, i.children);
      if (found) return found;
    }
    return undefined;
  };

  // The kit's fit (issue 36): a narrow box hides the component, the path, then the name and the sort (the edit form
  // shows them all); title, type, permission, shown and the actions stay, the actions on the right.
  const columns: (TableColumnsType<Row>[number] & { priority?: number; key?: string })[] = [
    {
      title: t('access.menu.titleField'),
      key: 'title',
      width: 260,
      render: (_, r) => <span data-testid={`menu-title-${r.perm}`}>{menuLabel(t, r)}</span>,
    },
    { title: t('access.menu.name'), dataIndex: 'name', width: 170, priority: 2 },
    {
      title: t('access.menu.type'),
      dataIndex: 'type',
      width: 110,
      render: (type: Row['type']) =>
        type === 'button' ? (
          <Tag color="blue">{t('access.menu.typeButton')}</Tag>
        ) : (
          <Tag color="green">{t('access.menu.typeMenu')}</Tag>
        ),
    },
    { title: t('access.menu.perm'), dataIndex: 'perm', width: 200 },
    { title: t('access.menu.url'), dataIndex: 'url', width: 160, priority: 3 },
    { title: t('access.menu.component'), dataIndex: 'component', width: 150, priority: 3 },
    {
      title: t('access.menu.sort'),
      dataIndex: 'sort',
      width: 150,
      priority: 1,
      render: (sort: number, r) => (canUpdate ? <SortCell key={`${r.id}-${sort}`} row={r} /> : sort),
    },
    {
      title: t('access.menu.isShow'),
      dataIndex: 'isShow',
      width: 120,
      render: (v: 0 | 1) => (v ? t('access.menu.shown') : t('access.menu.hidden')),
    },
    linksColumn<Row>(t('access.actions'), {
      width: 200,
      fixed: 'right',
      links: (r) => [
        r.type === 'menu' && {
          label: t('access.menu.addChild'),
          perm: PERM.menuAdd,
          onClick: () => setTarget({ parentId: r.id }),
          testId: `menu-add-child-${r.perm}`,
        },
        {
          label: t('access.menu.edit'),
          perm: PERM.menuUpdate,
          onClick: () => {
            const item = findItem(r.id);
            if (item) setTarget({ item, parentId: item.parentId });
          },
          testId: `menu-edit-${r.perm}`,
        },
        {
          label: t('access.menu.remove'),
          perm: PERM.menuRemove,
          danger: true,
          confirm: {
            title: t('access.menu.removeConfirm', { name: menuLabel(t, r) }),
            onConfirm: () => doRemove(r),
          },
          testId: `menu-remove-${r.perm}`,
        },
      ],
    }),
  ];
  const box = useRef<HTMLDivElement>(null);
  const fit = fitColumns(columns, useBoxWidth(box));

  return (
    <ListCard
      ids="menu"
      title={t('access.menu.title')}
      add={{
        perm: PERM.menuAdd,
        label: t('access.menu.addRoot'),
        onClick: () => setTarget({ parentId: 0 }),
        testId: 'menu-add-root',
      }}
    >
      <div ref={box}>
        <Table<Row>
          rowKey="id"
          caption={screenTitle ? <span className="sr-only">{screenTitle}</span> : undefined}
          size="small"
          loading={tree.isFetching}
          dataSource={toRows(tree.data ?? [])}
          pagination={false}
          scroll={fit.width ? { x: fit.width } : undefined}
          data-testid="menu-table"
          columns={fit.shown.map(({ priority: _priority, ...c }) => c)}
        />
      </div>
      <MenuFormModal target={target} tree={tree.data ?? []} onClose={() => setTarget(null)} />
    </ListCard>
  );
}
