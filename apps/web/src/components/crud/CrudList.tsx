import type { ReactNode } from 'react';
import { Card, Select } from 'antd';
import { ListToolbar, type ListToolbarProps, type ToolbarFilters } from './ListToolbar';
import { PagedTable, type PagedTableProps } from './PagedTable';
import type { ListStateApi } from './useListState';
import type { Filters } from './urlState';

type Props<T, F extends ToolbarFilters & Filters> = {
  title: ReactNode;
  // The card's test id.
  testId: string;
  list: ListStateApi<F>;
  // The toolbar: keyword, add button and whether the enabled/disabled filter shows.
  toolbar: Omit<ListToolbarProps<F>, 'list' | 'children'>;
  // The screen's own filters, between the keyword and the status.
  filters?: ReactNode;
  table: Omit<PagedTableProps<T>, 'list'>;
  // What the screen opens from the list: its form, drawer or dialog.
  children?: ReactNode;
};

// A list screen of the kit: the card, the toolbar with the screen's filters, the server-paged table and the
// screen's form. Every list screen with a keyword search uses it, so they look and behave alike.
export function CrudList<T extends object, F extends ToolbarFilters & Filters>({
  title,
  testId,
  list,
  toolbar,
  filters,
  table,
  children,
}: Props<T, F>) {
  return (
    <Card title={title} data-testid={testId}>
      <ListToolbar<F> list={list} {...toolbar}>
        {filters}
      </ListToolbar>
      <PagedTable<T> {...table} list={list} />
      {children}
    </Card>
  );
}

// A toolbar filter picked from options: it changes the draft, which applies with Search (like the keyword).
export function DraftSelect<F extends Filters, V extends string | number>({
  list,
  name,
  placeholder,
  options,
  width = 140,
  testId,
}: {
  list: Pick<ListStateApi<F>, 'draft' | 'patchDraft'>;
  name: keyof F & string;
  placeholder: string;
  options: { value: V; label: ReactNode }[];
  width?: number;
  testId?: string;
}) {
  return (
    <Select<V>
      allowClear
      style={{ width }}
      placeholder={placeholder}
      value={(list.draft[name] ?? undefined) as V | undefined}
      onChange={(v?: V) => list.patchDraft({ [name]: v ?? null } as Partial<F>)}
      options={options}
      data-testid={testId}
    />
  );
}
