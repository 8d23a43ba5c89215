import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import type { RecordStatus } from '@study-crm/shared';
import { ColorTag } from '../dict';
import { LinkAction, type LinkActionProps } from './LinkAction';
import { RowActions } from './RowActions';
import { StatusSwitch } from './StatusSwitch';
import type { DataColumn } from './DataTable';

// The enable/disable switch column; `name` names the row in the confirmation.
export function statusColumn<T extends { status: RecordStatus }>(
  t: TFunction,
  opts: {
    perm: string;
    name: (row: T) => string;
    onChange: (row: T, status: RecordStatus) => void;
    testId?: (row: T) => string;
  },
): DataColumn<T> {
  return {
    title: t('crud.status'),
    dataIndex: 'status',
    width: 110,
    render: (_: unknown, row: T) => (
      <StatusSwitch
        status={row.status}
        name={opts.name(row)}
        perm={opts.perm}
        onChange={(status) => opts.onChange(row, status)}
        testId={opts.testId?.(row)}
      />
    ),
  };
}

// The edit/delete column, each action behind its permission; `before` puts the screen's own actions first (view,
// test).
export function actionsColumn<T extends { id: number }>(
  t: TFunction,
  opts: {
    updatePerm: string;
    removePerm: string;
    name: (row: T) => string;
    onEdit: (row: T) => void;
    onRemove: (row: T) => Promise<unknown>;
    before?: (row: T) => ReactNode;
    width?: number;
  },
): DataColumn<T> {
  return {
    title: t('crud.actions'),
    key: 'actions',
    width: opts.width ?? 140,
    render: (_: unknown, row: T) => {
      const edit = (
        <RowActions
          name={opts.name(row)}
          updatePerm={opts.updatePerm}
          removePerm={opts.removePerm}
          onEdit={() => opts.onEdit(row)}
          onRemove={() => opts.onRemove(row)}
        />
      );
      return opts.before ? (
        <Space size={4}>
          {opts.before(row)}
          {edit}
        </Space>
      ) : (
        edit
      );
    },
  };
}

// A text column whose every cell opens its row (its detail drawer), shortened with an ellipsis.
export function linkColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  onOpen: (row: T) => void,
  testId: string,
): DataColumn<T> {
  return {
    title,
    dataIndex,
    ellipsis: true,
    render: (v: ReactNode, row: T) => (
      <Typography.Link onClick={() => onOpen(row)} data-testid={testId}>
        {v}
      </Typography.Link>
    ),
  };
}

// The actions column of a read-only list whose one action opens the row (its detail drawer).
export function openColumn<T>(
  t: TFunction,
  opts: { label: string; onOpen: (row: T) => void; testId: string; width?: number; fixed?: 'right' },
): DataColumn<T> {
  return {
    title: t('crud.actions'),
    key: 'actions',
    width: opts.width ?? 90,
    ...(opts.fixed && { fixed: opts.fixed }),
    render: (_: unknown, row: T) => (
      <LinkAction label={opts.label} onClick={() => opts.onOpen(row)} testId={opts.testId} />
    ),
  };
}

// The fields of a row that name a member ({ name }, or none).
type PersonField<T> = { [K in keyof T]: T[K] extends { name: string } | null | undefined ? K : never }[keyof T] &
  string;

// A column naming the member in a row's field (its operator, assignee, uploader), `empty` when there is none.
export function personColumn<T>(title: string, field: PersonField<T>, width: number, empty = '-'): DataColumn<T> {
  return { title, dataIndex: field, width, render: (person?: { name: string } | null) => person?.name ?? empty };
}

// A row's actions as link buttons side by side, each behind its own permission and, when asked, a confirmation. A
// false entry is an action this row does not offer.
export function linksColumn<T>(
  title: string,
  opts: {
    links: (row: T) => (LinkActionProps | false)[];
    width: number;
    fixed?: 'right';
    // Lets the links take a second line instead of widening the column.
    wrap?: boolean;
  },
): DataColumn<T> {
  return {
    title,
    key: 'actions',
    width: opts.width,
    ...(opts.fixed && { fixed: opts.fixed }),
    render: (_: unknown, row: T) => (
      <Space size={0} wrap={opts.wrap}>
        {opts.links(row).map((link, i) => link && <LinkAction key={i} {...link} />)}
      </Space>
    ),
  };
}

type Entry = { value: string; label: string; label2: string | null; color: string | null };

// Key, coloured name, English name, description and sort of a dictionary-shaped row (dictionary entries, tags).
export function entryColumns<T extends Entry>(
  t: TFunction,
  labels: { value: string; label: string; label2: string },
): DataColumn<T>[] {
  return [
    {
      title: labels.value,
      dataIndex: 'value',
      // Wide enough for keys like offer_unconditional on one line.
      width: 200,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: labels.label,
      dataIndex: 'label',
      render: (v: string, row: T) => <ColorTag color={row.color}>{v}</ColorTag>,
    },
    // A narrow box (the dictionary beside its types) hides the description, then the English name: the edit form
    // shows both.
    { title: labels.label2, dataIndex: 'label2', priority: 1 },
    { title: t('crud.description'), dataIndex: 'description', ellipsis: true, priority: 2 },
    { title: t('crud.sort'), dataIndex: 'sort', width: 80 },
  ];
}
