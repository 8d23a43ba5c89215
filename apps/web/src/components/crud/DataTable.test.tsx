import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataTable, fitColumns, MIN_COLUMN, onBackground, type DataColumn } from './DataTable';

afterEach(cleanup);

type Row = { id: number; name: string; city: string };
const rows: Row[] = [
  { id: 7, name: 'Ada', city: 'Leeds' },
  { id: 9, name: 'Bo', city: 'York' },
];
const columns: DataColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', sorter: true, width: 120, fixed: 'left' },
  { title: 'City', key: 'town', width: 80, fixed: 'left', render: (_, r) => <b>{r.city.toUpperCase()}</b> },
  { title: 'Note', key: 'note', render: () => 'x' },
  { title: 'Actions', key: 'actions', width: 90, fixed: 'right', render: () => 'edit' },
];

const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(<DataTable<Row> columns={columns} rows={rows} rowKey="id" loading={false} empty="Nothing yet" {...props} />);

describe('DataTable', () => {
  it('draws a row a record, keyed by its id, with each column’s value or render', () => {
    const { container } = table({ testId: 'people' });
    const trs = container.querySelectorAll('tbody tr[data-row-key]');
    expect([...trs].map((tr) => tr.getAttribute('data-row-key'))).toEqual(['7', '9']);
    expect(trs[0]!.textContent).toBe('AdaLEEDSxedit');
    expect(screen.getByTestId('people').getAttribute('data-busy')).toBe('false');
  });

  it('shows the empty text without rows, and nothing under the spinner while loading', () => {
    const { rerender, container } = table({ rows: [] });
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    rerender(<DataTable<Row> columns={columns} rows={[]} rowKey="id" loading empty="Nothing yet" testId="t" />);
    expect(screen.queryByText('Nothing yet')).toBeNull();
    expect(container.querySelector('[data-busy="true"]')).toBeTruthy();
  });

  it('sorts by a header: ascending first, then the other way; says so in aria-sort', () => {
    const onSort = vi.fn();
    const { rerender } = table({ onSort, sort: {} });
    const header = screen.getByText('Name').closest('th')!;
    expect(header.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(header);
    expect(onSort).toHaveBeenLastCalledWith('name', 'asc');
    rerender(
      <DataTable<Row>
        columns={columns}
        rows={rows}
        rowKey="id"
        loading={false}
        empty=""
        onSort={onSort}
        sort={{ field: 'name', order: 'asc' }}
      />,
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
    // A column without `sorter` is not a button.
    fireEvent.click(screen.getByText('Note'));
    expect(onSort).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Note').closest('th')!.tabIndex).toBe(-1);
  });

  it('keeps fixed columns at the widths of the fixed columns before them', () => {
    const { container } = table();
    const [name, city, , actions] = [...container.querySelectorAll('thead th')] as HTMLElement[];
    expect(name!.style.left).toBe('0px');
    expect(city!.style.left).toBe('120px');
    expect(actions!.style.right).toBe('0px');
  });

  it('lays a translucent fill on the background as one opaque colour', () => {
    // antd's dark header: rgba(255,255,255,0.04) on #141414.
    expect(onBackground('rgba(255, 255, 255, 0.04)', '#141414')).toBe('rgb(29, 29, 29)');
    expect(onBackground('rgba(0, 0, 0, 0.02)', '#ffffff')).toBe('rgb(250, 250, 250)');
    expect(onBackground('#1677ff', '#fff')).toBe('rgb(22, 119, 255)');
  });
});

describe('fitColumns (issue 36: no list scrolls sideways at 1280 px)', () => {
  type Row = { id: number };
  const col = (key: string, width?: number, priority?: number): DataColumn<Row> => ({
    title: key,
    key,
    ...(width !== undefined && { width }),
    ...(priority !== undefined && { priority }),
  });
  const keys = (cols: DataColumn<Row>[]) => cols.map((c) => c.key);
  // The payment list's columns: date, title, type, amount, status, three people, actions.
  const payments = [
    col('date', 120),
    col('title', 200),
    col('type', 90),
    col('amount', 150),
    col('status', 170),
    col('student', 130, 1),
    col('teacher', 140, 2),
    col('confirmedBy', 130, 2),
    col('actions', 220),
  ];

  it('shows every column that fits, filling the box, and fixes the actions on the right', () => {
    const fit = fitColumns(payments, 1400);
    expect(fit.shown).toHaveLength(9);
    expect(fit.width).toBeUndefined();
    expect(fit.shown.at(-1)).toMatchObject({ key: 'actions', fixed: 'right' });
  });

  it('hides nothing before the box is measured', () => {
    expect(fitColumns(payments, 0)).toMatchObject({ hidden: [], width: undefined });
  });

  it('hides the highest priorities first, the right-most first among equals, only as many as it must', () => {
    // 1,350 px in 1,240: the right-most of the two people goes.
    expect(keys(fitColumns(payments, 1240).hidden)).toEqual(['confirmedBy']);
    // In 1,130 (1440 px screen): both people go (hidden in column order).
    expect(keys(fitColumns(payments, 1130).hidden)).toEqual(['teacher', 'confirmedBy']);
    // In 970 (1280 px): the student too; date, title, type, amount, status and actions stay.
    const fit = fitColumns(payments, 970);
    expect(keys(fit.shown)).toEqual(['date', 'title', 'type', 'amount', 'status', 'actions']);
    expect(fit.width).toBeUndefined();
  });

  it('never hides a column without a priority: too narrow for those, the table scrolls at their width', () => {
    const fit = fitColumns(payments, 700);
    expect(keys(fit.shown)).toEqual(['date', 'title', 'type', 'amount', 'status', 'actions']);
    expect(fit.width).toBe(950);
  });

  it('counts a column without a width at MIN_COLUMN', () => {
    const cols = [col('name'), col('note', undefined, 1), col('actions', 100)];
    expect(keys(fitColumns(cols, 2 * MIN_COLUMN + 100).shown)).toEqual(['name', 'note', 'actions']);
    expect(keys(fitColumns(cols, 2 * MIN_COLUMN + 99).shown)).toEqual(['name', 'actions']);
  });
});

describe('DataTable: its box, measured', () => {
  // A resize observer that reports when the test says, as the browser's does once the page is laid out.
  const reports: (() => void)[] = [];
  class ReportingObserver {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe() {
      reports.push(() => this.report([], this as unknown as ResizeObserver));
    }
    unobserve() {}
    disconnect() {}
  }
  afterEach(() => {
    reports.length = 0;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads no layout while it renders; what the observer reports is drawn at once, before a paint', () => {
    vi.stubGlobal('ResizeObserver', ReportingObserver);
    // Reading a size forces the browser to lay the page out (twice when a render changes it again): counted.
    const reads = vi.fn(() => 300);
    for (const size of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight'] as const) {
      vi.spyOn(HTMLElement.prototype, size, 'get').mockImplementation(reads);
    }
    const withNote = columns.map((c) => (c.key === 'note' ? { ...c, priority: 1 } : c));
    const { container } = table({ columns: withNote, testId: 'people' });
    expect(reads).not.toHaveBeenCalled();
    expect(container.querySelector('th[data-col="note"]')).toBeTruthy();

    // 120 + 80 + 120 (the note, MIN_COLUMN) + 90 in 300 px: the note hides. The observer's report is drawn in the
    // same task (flushSync), not in a later render after the browser has painted the columns it hides.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const inAct = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      for (const report of reports) report();
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = inAct;
    }
    expect(reads).toHaveBeenCalled();
    expect(screen.getByTestId('people').getAttribute('data-hidden-cols')).toBe('note');
    expect(container.querySelector('th[data-col="note"]')).toBeNull();
  });
});
