import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataTable, onBackground, type DataColumn } from './DataTable';

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
