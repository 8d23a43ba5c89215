import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from './screenActive';
import './DataTable.css';

export type SortOrder = 'asc' | 'desc';

// One column of a list: a subset of antd's column shape, so the kit's column helpers serve antd's Table too.
export type DataColumn<T> = {
  title: ReactNode;
  // Names the column (and, with `sorter`, the sort field); defaults to dataIndex.
  key?: string;
  // The row's field the cell shows (and its render receives).
  dataIndex?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a cell's value has its column's own type
  render?: (value: any, row: T, index: number) => ReactNode;
  // Sortable by the server (the list's sortField is the column's key).
  sorter?: boolean;
  width?: number;
  // Stays in view while the table scrolls sideways.
  fixed?: 'left' | 'right';
  // A column a narrow box may do without (issue 36): when the columns need more than the table's box, columns with
  // a priority hide, the highest number first (ties: the right-most first), until the rest fit. Without one a
  // column never hides: a row's key, its dates, amounts and status stay. Only what the row's own view (its drawer,
  // form or detail) also shows may be given one.
  priority?: number;
  // One line, cut with "…".
  ellipsis?: boolean;
  align?: 'left' | 'right' | 'center';
};

type Props<T> = {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: RowKey<T>;
  loading: boolean;
  // Shown in place of the rows when there are none (nothing while loading).
  empty: ReactNode;
  sort?: { field?: string; order?: SortOrder };
  onSort?: (field: string, order: SortOrder) => void;
  sortTitles?: Record<SortOrder, string>;
  // As wide as the cells want, scrolling sideways when that is wider than the box. Otherwise the table fits its
  // box (fitColumns).
  scrollX?: 'max-content';
  // Tighter cells, for tables inside drawers and cards (antd's `size="small"`).
  size?: 'middle' | 'small';
  testId?: string;
  // Names the table for assistive technology (a caption only they read, WCAG 1.3.1); defaults to the screen's title.
  caption?: string;
};

export type RowKey<T> = (keyof T & string) | ((row: T) => string | number);

// A colour as [r, g, b, alpha]: #rgb, #rrggbb, #rrggbbaa, rgb() or rgba().
function parseColor(color: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
  }
  const parts =
    /rgba?\(([^)]+)\)/i
      .exec(color)?.[1]
      ?.split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

// A translucent fill laid on the container's background, as one opaque colour: cells that stay in view while
// the rest scrolls under them must hide what passes beneath (antd's table tokens are made the same way).
export function onBackground(fill: string, background: string): string {
  const [r, g, b, a] = parseColor(fill);
  const [br, bg, bb] = parseColor(background);
  const mix = (f: number, k: number) => Math.round(f * a + k * (1 - a));
  return `rgb(${mix(r, br)}, ${mix(g, bg)}, ${mix(b, bb)})`;
}

const keyOf = <T,>(c: DataColumn<T>, i: number) => c.key ?? c.dataIndex ?? String(i);

// What a column without a width needs at least, when the table decides whether its columns fit.
export const MIN_COLUMN = 120;

// The columns a box `available` pixels wide shows, and the width the table then takes (issue 36: no list scrolls
// sideways at 1280 px). The actions column is always fixed on the right. What the columns need is their widths plus
// MIN_COLUMN for each column without one; while that is more than the box, columns with a priority hide
// (DataColumn.priority). What fits fills the box (undefined: 100%); only when the columns that never hide are wider
// than the box does the table keep their width and scroll, its actions still in view. An unmeasured box (0) hides
// nothing.
// What fitColumns reads of a column: DataColumn, and antd's column shape for the tables that still use antd's Table.
export type FitColumn = { key?: string | number; width?: number | string; fixed?: unknown; priority?: number };

export function fitColumns<C extends FitColumn>(
  columns: C[],
  available: number,
): { shown: C[]; hidden: C[]; width: number | undefined } {
  const all = columns.map((c) => (c.key === 'actions' && !c.fixed ? { ...c, fixed: 'right' as const } : c));
  const widthOf = (c: C) => (typeof c.width === 'number' ? c.width : MIN_COLUMN);
  let need = all.reduce((n, c) => n + widthOf(c), 0);
  const hidden = new Set<number>();
  if (available > 0 && need > available) {
    const order = all
      .map((c, i) => ({ c, i, p: c.priority ?? 0 }))
      .filter((x) => x.p > 0)
      .sort((a, b) => b.p - a.p || b.i - a.i);
    for (const { c, i } of order) {
      if (need <= available) break;
      hidden.add(i);
      need -= widthOf(c);
    }
  }
  return {
    shown: all.filter((_, i) => !hidden.has(i)),
    hidden: all.filter((_, i) => hidden.has(i)),
    width: available > 0 && need > available ? need : undefined,
  };
}

// The inner width of a box, followed as it changes (0 until measured; a hidden tab's box measures 0 and keeps the
// last width it had). Read when the resize observer reports, which it first does once the page is laid out and before
// it is painted (observed from the commit, so before the first paint): the width is drawn in that frame (flushSync),
// so a narrow box never shows the columns it hides, and no layout is forced in the middle of a render to read it.
export function useBoxWidth(box: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w > 0) flushSync(() => setWidth(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

// Where a sticky column sits: the widths of the fixed columns between it and its edge.
function stickyOffsets<T>(columns: DataColumn<T>[]): (number | undefined)[] {
  const offsets: (number | undefined)[] = columns.map(() => undefined);
  let left = 0;
  columns.forEach((c, i) => {
    if (c.fixed === 'left') {
      offsets[i] = left;
      left += c.width ?? 0;
    }
  });
  let right = 0;
  for (let i = columns.length - 1; i >= 0; i--) {
    const c = columns[i]!;
    if (c.fixed === 'right') {
      offsets[i] = right;
      right += c.width ?? 0;
    }
  }
  return offsets;
}

// Whether content is hidden to the left or right of the scrolling box (the fixed columns then cast a shadow), read
// when the box scrolls and when the resize observer reports on the box or its table (laid out then: nothing forces a
// layout to read it).
function useScrollEdges(box: RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = useState({ left: false, right: false, scrolls: false });
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const left = el.scrollLeft > 0;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      setEdges((e) => (e.left === left && e.right === right && e.scrolls === scrolls ? e : { left, right, scrolls }));
    };
    el.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [box]);
  return edges;
}

// The table of a list screen, drawn from the theme's tokens as antd's middle-size Table draws one, with what lists
// use: server-side sort by header, fixed widths, one-line cells, columns that fit the box (fitColumns: lower-priority
// columns hide on narrow screens, the actions stay in view on the right), a spinner over the rows and a text when
// there are none. antd's Table also brings its selection, filter menus and virtual scrolling (its Checkbox, Radio,
// Dropdown, Menu and form engine: about 45 KiB gzipped) into the first screen; tables that need those (trees,
// expandable rows) still use it.
export function DataTable<T>({
  columns: allColumns,
  rows,
  rowKey,
  loading,
  empty,
  sort,
  onSort,
  sortTitles,
  scrollX,
  size = 'middle',
  testId,
  caption,
}: Props<T>) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const screenTitle = useScreenTitle();
  const tableCaption = caption ?? screenTitle;
  const box = useRef<HTMLDivElement>(null);
  const boxWidth = useBoxWidth(box);
  const fit = fitColumns(allColumns, scrollX ? 0 : boxWidth);
  const columns = fit.shown;
  const edges = useScrollEdges(box);
  const offsets = stickyOffsets(columns);
  const fixedLayout = fit.width !== undefined || columns.some((c) => c.ellipsis || c.fixed);
  const tableWidth = scrollX ?? fit.width;
  const alter = onBackground(token.colorFillAlter, token.colorBgContainer);
  const vars = {
    '--dt-head-bg': alter,
    '--dt-head-hover': onBackground(token.colorFillSecondary, token.colorBgContainer),
    '--dt-head-color': token.colorTextHeading,
    '--dt-row-hover': alter,
    '--dt-sorted-bg': alter,
    '--dt-bg': token.colorBgContainer,
    '--dt-line': token.colorBorderSecondary,
    '--dt-split': token.colorSplit,
    '--dt-shadow': token.colorSplit,
    '--dt-text': token.colorText,
    '--dt-muted': token.colorTextQuaternary,
    '--dt-empty': token.colorTextDescription,
    '--dt-active': token.colorPrimary,
    '--dt-radius': `${token.borderRadiusLG}px`,
    '--dt-font': `${token.fontSize}px`,
    '--dt-weight': token.fontWeightStrong,
  } as CSSProperties;

  const cellStyle = (c: DataColumn<T>, i: number): CSSProperties | undefined => {
    const style: CSSProperties = {};
    if (c.align) style.textAlign = c.align;
    if (c.fixed) style[c.fixed] = offsets[i];
    return Object.keys(style).length ? style : undefined;
  };
  const cellClass = (c: DataColumn<T>, sorted: boolean) =>
    [
      c.ellipsis && 'dt-ellipsis',
      c.fixed && `dt-fixed dt-fixed-${c.fixed}`,
      c.fixed === 'left' && edges.left && 'dt-shadow',
      c.fixed === 'right' && edges.right && 'dt-shadow',
      sorted && 'dt-sorted',
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const header = columns.map((c, i) => {
    const key = keyOf(c, i);
    const active = sort?.field === key ? sort.order : undefined;
    // As antd's sortDirections ['ascend', 'descend', 'ascend']: ascending first, then they alternate.
    const nextOrder: SortOrder = active === 'asc' ? 'desc' : 'asc';
    const press = () => onSort?.(key, nextOrder);
    const sortable = Boolean(c.sorter && onSort);
    return (
      <th
        key={key}
        data-col={key}
        scope="col"
        className={[cellClass(c, Boolean(active)), sortable && 'dt-sortable'].filter(Boolean).join(' ') || undefined}
        style={cellStyle(c, i)}
        aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
        tabIndex={sortable ? 0 : undefined}
        title={sortable ? sortTitles?.[nextOrder] : undefined}
        onClick={sortable ? press : undefined}
        onKeyDown={
          sortable
            ? (e: KeyboardEvent) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  press();
                }
              }
            : undefined
        }
      >
        {sortable ? (
          <span
            className="dt-sorter"
            // A right-aligned column keeps its title beside the arrows at the right, as its cells are.
            style={c.align === 'right' ? { justifyContent: 'flex-end' } : undefined}
          >
            <span className="dt-title">{c.title}</span>
            <span className="dt-carets" aria-hidden>
              <svg viewBox="0 0 8 5" className={active === 'asc' ? 'dt-on' : undefined}>
                <path d="M4 0 8 5H0z" />
              </svg>
              <svg viewBox="0 0 8 5" className={active === 'desc' ? 'dt-on' : undefined}>
                <path d="M0 0h8L4 5z" />
              </svg>
            </span>
          </span>
        ) : (
          c.title
        )}
      </th>
    );
  });

  const body = rows.length ? (
    rows.map((row, r) => {
      const id = String(typeof rowKey === 'function' ? rowKey(row) : row[rowKey]);
      return (
        <tr key={id} data-row-key={id} className="dt-row">
          {columns.map((c, i) => {
            const value = c.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[c.dataIndex];
            const content = c.render ? c.render(value, row, r) : (value as ReactNode);
            const key = keyOf(c, i);
            return (
              <td
                key={key}
                className={cellClass(c, sort?.field === key && Boolean(sort.order))}
                style={cellStyle(c, i)}
              >
                {c.ellipsis && (typeof content === 'string' || typeof content === 'number') ? (
                  <span title={String(content)}>{content}</span>
                ) : (
                  content
                )}
              </td>
            );
          })}
        </tr>
      );
    })
  ) : (
    <tr className="dt-placeholder">
      <td colSpan={columns.length}>{loading ? <div style={{ height: 120 }} /> : empty}</td>
    </tr>
  );

  return (
    <div
      className={size === 'small' ? 'data-table dt-small' : 'data-table'}
      style={vars}
      data-testid={testId}
      data-busy={loading ? 'true' : 'false'}
      // The columns a narrow box hides (their keys), for the row's view and for tests.
      data-hidden-cols={fit.hidden.map((c) => keyOf(c, allColumns.indexOf(c))).join(' ') || undefined}
    >
      <Spin spinning={loading}>
        {/* A box that scrolls is a named region a keyboard can reach (and scroll with the arrow keys), WCAG 2.1.1. */}
        <div
          ref={box}
          className="dt-scroll"
          {...(edges.scrolls && { tabIndex: 0, role: 'region', 'aria-label': t('crud.scrollRegion') })}
        >
          <table
            style={{
              tableLayout: fixedLayout ? 'fixed' : 'auto',
              ...(tableWidth !== undefined && { width: tableWidth, minWidth: '100%' }),
            }}
          >
            {tableCaption ? <caption className="sr-only">{tableCaption}</caption> : null}
            <colgroup>
              {columns.map((c, i) => (
                <col key={keyOf(c, i)} style={c.width ? { width: c.width } : undefined} />
              ))}
            </colgroup>
            <thead>
              <tr>{header}</tr>
            </thead>
            <tbody>{body}</tbody>
          </table>
        </div>
      </Spin>
    </div>
  );
}
