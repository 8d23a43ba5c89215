import type { ReactNode } from 'react';
import { Panel } from '../Panel';
import { ExportButton } from './ExportButton';
import { ListToolbar, type ListToolbarProps, type ToolbarFilters } from './ListToolbar';
import { PagedTable, type PagedTableProps } from './PagedTable';
import { listFilters, type ListFilters } from './listFilters';
import { useGroupText, type ListStrings } from './strings';
import type { Params } from '../../api/client';
import type { ListStateApi } from './useListState';
import type { Filters } from './urlState';

type Props<T, F extends ToolbarFilters & Filters> = {
  // The list's string group: `<strings>.keywordPlaceholder`, and where the group has them `.title`, `.empty` and
  // `.noMatch` (the kit's generic texts otherwise). `title` and the table's texts may still be given.
  strings: ListStrings;
  // The test ids: <ids>-manage (the card, unless `testId`), <ids>-keyword, <ids>-add and <ids>-table; by default
  // the last name of `strings` (message.template: template-add).
  ids?: string;
  title?: ReactNode;
  testId?: string;
  list: ListStateApi<F>;
  // The add button, for members holding `perm`.
  add?: { perm: string; onClick: () => void };
  // The server's exporter of this list (docs/export.md): an Export button of the list's current filters and sort.
  exportList?: string;
  // The list call's parameters where the screen renames a filter (the list's own params otherwise).
  exportParams?: Params;
  // More of the toolbar: the keyword's width, actions after search/reset (an export).
  toolbar?: Pick<ListToolbarProps<F>, 'keywordWidth' | 'actions'>;
  // The enabled/disabled filter, for lists whose rows have that status.
  statusFilter?: boolean;
  // The screen's own filters, after the keyword: drawn from the list's filters, which join the draft that Search
  // applies (or given as they are).
  filters?: ReactNode | ((filter: ListFilters<F>) => ReactNode);
  // Shown above the toolbar: a warning about the whole screen.
  banner?: ReactNode;
  // The card's extra (a view switch), and another view of the list shown instead of the toolbar and table.
  extra?: ReactNode;
  otherView?: ReactNode;
  table: Omit<PagedTableProps<T>, 'list' | 'testId'>;
  // What the screen opens from the list: its form, drawer or dialog.
  children?: ReactNode;
};

// A list screen of the kit: the card, the toolbar with the screen's filters, the server-paged table and the
// screen's form. Every list screen with a keyword search uses it, so they look, behave and are named alike.
export function CrudList<T extends object, F extends ToolbarFilters & Filters>({
  strings,
  ids,
  title,
  testId,
  list,
  add,
  toolbar,
  exportList,
  exportParams,
  statusFilter = false,
  filters,
  banner,
  extra,
  otherView,
  table,
  children,
}: Props<T, F>) {
  const idPrefix = ids ?? strings.slice(strings.lastIndexOf('.') + 1);
  const text = useGroupText(strings);
  return (
    <Panel title={title ?? text('title')} extra={extra} testId={testId ?? `${idPrefix}-manage`}>
      {banner}
      {otherView ?? (
        <>
          <ListToolbar<F>
            list={list}
            keywordPlaceholder={text('keywordPlaceholder') ?? ''}
            keywordTestId={`${idPrefix}-keyword`}
            addPerm={add?.perm}
            onAdd={add?.onClick}
            addTestId={`${idPrefix}-add`}
            showStatus={statusFilter}
            {...toolbar}
            actions={
              exportList ? (
                <>
                  {toolbar?.actions}
                  <ExportButton list={exportList} params={exportParams ?? list.params} testId={`${idPrefix}-export`} />
                </>
              ) : (
                toolbar?.actions
              )
            }
          >
            {typeof filters === 'function' ? filters(listFilters(list, true)) : filters}
          </ListToolbar>
          <PagedTable<T> strings={strings} testId={`${idPrefix}-table`} {...table} list={list} />
        </>
      )}
      {children}
    </Panel>
  );
}
