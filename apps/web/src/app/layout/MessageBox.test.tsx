import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { MessageBoxItem } from '@study-crm/shared';
import i18n from '../../i18n';
import { ItemList } from './messageBoxParts';

afterEach(cleanup);

const item = (over: Partial<MessageBoxItem>): MessageBoxItem => ({
  id: 1,
  title: '王小明 · 簽證',
  content: null,
  link: null,
  kind: 'followUp',
  dueAt: null,
  done: 0,
  read: 0,
  createdAt: 0,
  ...over,
});

describe('message box to-dos', () => {
  it('prefixes a follow-up to-do with its localised kind and leaves unknown kinds bare', async () => {
    await i18n.changeLanguage('en-US');
    render(
      <ItemList
        tab="todo"
        items={[item({}), item({ id: 2, kind: 'paymentConfirm', title: 'Confirm payment' })]}
        onOpen={() => undefined}
      />,
    );
    const rows = screen.getAllByTestId('box-item-todo');
    expect(rows[0]?.textContent).toContain('Follow-up');
    expect(rows[0]?.textContent).toContain('王小明 · 簽證');
    expect(rows[1]?.textContent).not.toContain('paymentConfirm');
    expect(rows[1]?.textContent).toContain('Confirm payment');
  });

  it('shows the unread dot on an open unread to-do only, not on a done one', () => {
    render(<ItemList tab="todo" items={[item({}), item({ id: 2, done: 1 })]} onOpen={() => undefined} />);
    const rows = screen.getAllByTestId('box-item-todo');
    expect(rows[0]?.querySelector('.ant-badge-status-dot')).not.toBeNull();
    expect(rows[1]?.querySelector('.ant-badge-status-dot')).toBeNull();
  });
});
