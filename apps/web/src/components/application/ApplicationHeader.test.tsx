import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ApplicationHeader } from './ApplicationHeader';

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the application header', () => {
  it('names its back button (WCAG 4.1.2: not the icon\'s "arrow-left")', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ApplicationHeader id={1} title="Files" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Application list' })).toBeTruthy();
  });
});
