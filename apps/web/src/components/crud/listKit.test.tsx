import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { PERM, TASK_STATUSES } from '@study-crm/shared';
import i18n from '../../i18n';
import { useSession } from '../../stores/session';
import { personColumn } from './columns';
import { DataTable } from './DataTable';
import { DictFilter, EnumFilter } from './filters';
import { listFilters } from './listFilters';
import { fieldNames } from './FormFields';
import { ListCard } from './ListCard';
import { crudPerms } from './perms';
import { useRowView } from './useRowView';

afterEach(() => {
  cleanup();
  useSession.setState({ serverPerm: [] });
});

describe('crudPerms', () => {
  it('names the add, update and remove permissions of a prefix', () => {
    expect(crudPerms('tag')).toEqual({ add: PERM.tagAdd, update: PERM.tagUpdate, remove: PERM.tagRemove });
  });
});

describe('personColumn', () => {
  type Row = { id: number; operator: { name: string } | null };
  it("shows the member's name, or the empty mark when there is none", () => {
    render(
      <DataTable<Row>
        columns={[personColumn<Row>('Operator', 'operator', 150, '—')]}
        rows={[
          { id: 1, operator: { name: 'Ada' } },
          { id: 2, operator: null },
        ]}
        rowKey="id"
        loading={false}
        empty="-"
      />,
    );
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('listFilters', () => {
  type F = { keyword?: string; status?: string | null; type?: string | null };
  const list = { filters: {}, draft: {}, apply: vi.fn(), patchDraft: vi.fn(), search: vi.fn() };

  it('binds each filter to the list by its name, joining the draft only when asked', () => {
    const atOnce = listFilters<F>(list).enum('status', TASK_STATUSES, 'task.status', { width: 120 });
    expect(atOnce.type).toBe(EnumFilter);
    expect(atOnce.props).toMatchObject({ list, name: 'status', values: TASK_STATUSES, draft: false, width: 120 });
    const drafted = listFilters<F>(list, true).dict('type', 'tag_type', 'All types', { testId: 'type-filter' });
    expect(drafted.type).toBe(DictFilter);
    expect(drafted.props).toMatchObject({ name: 'type', type: 'tag_type', placeholder: 'All types', draft: true });
  });
});

describe('ListCard', () => {
  it('names the card and its add button after `ids`, unless the button has its own test id', () => {
    useSession.setState({ serverPerm: ['x:add'] });
    const { rerender } = render(
      <ListCard ids="thing" title="Things" add={{ perm: 'x:add', label: 'Add', onClick: () => undefined }}>
        rows
      </ListCard>,
    );
    expect(screen.getByTestId('thing-manage')).toBeTruthy();
    expect(screen.getByTestId('thing-add').textContent).toBe('Add');
    rerender(
      <ListCard
        ids="thing"
        title="Things"
        add={{ perm: 'x:add', label: 'Add', onClick: () => undefined, testId: 'own' }}
      >
        rows
      </ListCard>,
    );
    expect(screen.getByTestId('own')).toBeTruthy();
  });
});

describe('fieldNames', () => {
  it("labels a field with its group's string of its name and gives it the test id of its name", () => {
    const field = fieldNames(i18n.t, 'notice.f', 'notice-f-');
    expect(field('title')).toEqual({ name: 'title', label: i18n.t('notice.f.title'), testId: 'notice-f-title' });
  });
});

describe('useRowView', () => {
  it('reads the row its action opened and closes with the drawer', () => {
    const useView = vi.fn((id: number | null) => (id === null ? null : { id }));
    const { result } = renderHook(() => useRowView(useView));
    expect(result.current.drawer.id).toBeNull();
    render(result.current.action('View', 'row-view')({ id: 7 }));
    fireEvent.click(screen.getByTestId('row-view'));
    expect(result.current.record).toEqual({ id: 7 });
    expect(result.current.drawer.id).toBe(7);
    act(() => result.current.drawer.onClose());
    expect(result.current.drawer.id).toBeNull();
    expect(useView).toHaveBeenLastCalledWith(null);
  });
});
