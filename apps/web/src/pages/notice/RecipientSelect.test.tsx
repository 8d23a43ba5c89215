import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { inEnglish } from '../../test/strings';
import { notice } from './locale';
import { RecipientSelect } from './RecipientSelect';

afterEach(cleanup);

// Closed, the picker asks the server nothing: it shows 0 as "All members" and an edited notice's member by name.
describe('notice recipient picker', () => {
  inEnglish(notice);
  const show = (value: number, knownName?: string) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RecipientSelect value={value} knownName={knownName ?? null} testId="pick" />
      </QueryClientProvider>,
    );

  it('shows recipient 0 as All members', () => {
    const { getByTestId } = show(0);
    expect(getByTestId('pick').closest('.ant-select')?.textContent).toContain('All members');
  });

  it("shows an edited notice's member by name before any search", () => {
    const { getByTestId } = show(42, 'Lee Ada');
    const text = getByTestId('pick').closest('.ant-select')?.textContent ?? '';
    expect(text).toContain('Lee Ada');
    expect(text).not.toContain('All members');
  });
});
