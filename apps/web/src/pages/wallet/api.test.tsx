import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useWalletMutations } from './api';

const MNEMONIC = 'zebra orbit lantern quiet ripple amber velvet copper meadow canyon falcon harbor';
const PRIVATE_KEY = `0x${'ab'.repeat(32)}`;
const PASSWORD = 'Retyped#Secret2026';

// The wire stands in: create answers the secrets, activate and discard the wallet.
vi.mock('../../api/call', () => ({
  fetchData: vi.fn((_endpoint: unknown, params?: unknown) =>
    Promise.resolve(
      params && typeof params === 'object' && 'password' in params && !('word1' in params)
        ? { address: '0x1', status: 'pending', mnemonic: MNEMONIC, privateKey: PRIVATE_KEY }
        : { address: '0x1', status: 'active' },
    ),
  ),
}));

// Decision 59: the mnemonic, the private key and the re-entered password stay in memory only while the screen shows
// them; the mutation cache must not keep them after the screen moved on (TanStack's default keeps a settled
// mutation for 5 minutes).
describe('wallet mutations', () => {
  it('leave no secret in the mutation cache once settled and the screen is gone', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useWalletMutations(), { wrapper });
    await act(async () => {
      await result.current.create.mutateAsync(PASSWORD);
    });
    await waitFor(() => expect(result.current.create.data).toMatchObject({ mnemonic: MNEMONIC }));
    await act(async () => {
      await result.current.activate.mutateAsync({ word1: 'zebra', word2: 'quiet', word3: 'harbor' });
      await result.current.discard.mutateAsync(PASSWORD);
    });
    const held = () =>
      JSON.stringify(
        client
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      );
    expect(held()).toContain(MNEMONIC);
    unmount();
    await waitFor(() => {
      const left = held();
      expect(left).not.toContain(MNEMONIC);
      expect(left).not.toContain(PRIVATE_KEY);
      expect(left).not.toContain(PASSWORD);
      expect(left).not.toContain('zebra');
    });
  });
});
