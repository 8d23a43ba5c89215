import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n, { registerBundle } from '../../i18n';
import { okResponse as ok } from '../../test/responses';
import { search } from './locale';
import SearchPanel from './SearchPanel';

const SCREENS = [
  { path: '/a', title: 'Payment records' },
  { path: '/b', title: 'Payment types' },
];

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchPanel open onClose={() => undefined} screens={SCREENS} canOpen={() => true} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  // jsdom draws nothing to scroll.
  Element.prototype.scrollIntoView ??= () => undefined;
  registerBundle(search);
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

// The ARIA combobox-with-listbox pattern (WCAG 4.1.2, 4.1.3, 2.1.1).
// The first render loads antd's modal: slow on a busy machine.
describe('the search panel as a combobox', { timeout: 20_000 }, () => {
  it('is a named dialog whose box points at the option the arrows choose', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({ groups: [] }));
    draw();
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'payment' } });
    // How many were found is said in a status region, once the server has answered.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Found: 2'), { timeout: 5000 });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('says when nothing is found', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({ groups: [] }));
    draw();
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nothing matches “zzz”'), {
      timeout: 5000,
    });
  });

  it('reaches the recent searches with the arrows, and Enter searches the chosen one again', async () => {
    localStorage.setItem('sadmin-search-recent', JSON.stringify(['first', 'second']));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok({ groups: [] }));
    draw();
    const box = await screen.findByRole('combobox');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['first', 'second']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    act(() => void fireEvent.keyDown(box, { key: 'Enter' }));
    expect((box as HTMLInputElement).value).toBe('second');
  });
});
