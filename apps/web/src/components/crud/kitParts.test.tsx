import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useSession } from '../../stores/session';
import { CellText } from './cells';
import { linksColumn } from './columns';
import { DataTable } from './DataTable';
import { FieldRow } from './FormFields';

afterEach(() => {
  cleanup();
  useSession.setState({ serverPerm: [] });
});

type Row = { id: number; name: string; locked: boolean };

describe('linksColumn', () => {
  const edit = vi.fn();
  const column = linksColumn<Row>('Actions', {
    width: 200,
    fixed: 'right',
    links: (r) => [
      { label: 'Open', onClick: () => edit(r.id), testId: `open-${r.id}` },
      !r.locked && { label: 'Edit', perm: 'row:update', testId: `edit-${r.id}` },
    ],
  });
  const draw = () =>
    render(
      <DataTable<Row>
        columns={[{ title: 'Name', dataIndex: 'name' }, column]}
        rows={[
          { id: 1, name: 'Ada', locked: false },
          { id: 2, name: 'Bo', locked: true },
        ]}
        rowKey="id"
        loading={false}
        empty="-"
      />,
    );

  it('is the actions column of its width, kept in view', () => {
    expect(column).toMatchObject({ title: 'Actions', key: 'actions', width: 200, fixed: 'right' });
  });

  it("draws a row's links, leaves out what the row does not offer and what the member may not do", () => {
    draw();
    fireEvent.click(screen.getByTestId('open-2'));
    expect(edit).toHaveBeenCalledWith(2);
    expect(screen.queryByTestId('edit-1')).toBeNull();
    cleanup();
    useSession.setState({ serverPerm: ['row:update'] });
    draw();
    expect(screen.getByTestId('edit-1')).toBeTruthy();
    expect(screen.queryByTestId('edit-2')).toBeNull();
  });
});

describe('FieldRow', () => {
  const spans = (container: HTMLElement) =>
    [...container.querySelector('.ant-row')!.querySelectorAll(':scope > .ant-col')].map((c) =>
      [...c.classList].find((k) => /^ant-col-\d+$/.test(k)),
    );

  it('puts fields side by side in equal columns, a left-out field taking none', () => {
    const { container } = render(
      <Form>
        <FieldRow>
          <Form.Item name="a" label="A">
            <Input />
          </Form.Item>
          {false}
          <Form.Item name="b" label="B">
            <Input />
          </Form.Item>
        </FieldRow>
      </Form>,
    );
    expect(spans(container)).toEqual(['ant-col-12', 'ant-col-12']);
  });

  it('takes the spans given', () => {
    const { container } = render(
      <FieldRow spans={[16, 8]}>
        <span>wide</span>
        <span>narrow</span>
      </FieldRow>,
    );
    expect(spans(container)).toEqual(['ant-col-16', 'ant-col-8']);
  });
});

describe('CellText', () => {
  afterEach(() => vi.restoreAllMocks());

  // A cut text shows its whole in a tooltip while the pointer is on it. Shown, the text is drawn again inside the
  // tooltip (a new element the pointer never entered, so its own mouseleave may not come): the tip closes when the
  // pointer comes over anything outside its cell (the list-state e2e once saw it stay open after a quick move away).
  it('shows a cut text whole while the pointer is on it, and closes when the pointer is outside its cell', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
    render(
      <div>
        <div className="cell">
          <CellText tip testId="schools">
            Durham University, University of Leeds
          </CellText>
        </div>
        <span data-testid="elsewhere">elsewhere</span>
      </div>,
    );
    fireEvent.mouseEnter(screen.getByTestId('schools'));
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toContain('University of Leeds'));
    // Over the text again (the element the tooltip drew): it stays.
    fireEvent.mouseOver(screen.getByTestId('schools'));
    expect(document.querySelector('.ant-tooltip')).not.toBeNull();
    // The pointer comes over another element without the text's own mouseleave: the tip goes.
    fireEvent.mouseOver(screen.getByTestId('elsewhere'));
    await waitFor(() => expect(document.querySelector('.ant-tooltip')).toBeNull());
  });
});
