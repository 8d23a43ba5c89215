import { useMutation, useQuery } from '@tanstack/react-query';
import { walletApi, type WalletActivateBody } from '@study-crm/shared';
import { fetchData } from '../../api/call';
import { useSession } from '../../stores/session';

// Codes this screen explains in place instead of the toast: wrong password, words that do not match, no check.
export const WALLET_INLINE_CODES = [400, 7603, 7604] as const;
const inline = { apiResCode: WALLET_INLINE_CODES };

export const useWallet = () => useQuery({ queryKey: ['wallet', 'view'], queryFn: () => fetchData(walletApi.view) });

// The wallet's writes; activation changes the profile's playData too (and the session's copy of it). Create answers
// the mnemonic and private key, activate sends three of the words, create and discard the re-entered password: the
// mutation cache forgets each as soon as no screen shows it (gcTime 0; TanStack's default keeps a settled mutation
// five minutes), so the secrets stay in memory only as long as decision 59 says.
const FORGET = 0;
export function useWalletMutations() {
  const setWalletAddress = useSession((s) => s.setWalletAddress);
  return {
    create: useMutation({
      mutationFn: (password: string) => fetchData(walletApi.create, { password }, inline),
      gcTime: FORGET,
      meta: { touches: ['wallet'] },
    }),
    challenge: useMutation({
      mutationFn: () => fetchData(walletApi.backupChallenge),
      meta: { touches: ['wallet'] },
    }),
    activate: useMutation({
      mutationFn: (words: WalletActivateBody) => fetchData(walletApi.activate, words, inline),
      gcTime: FORGET,
      onSuccess: (w) => setWalletAddress(w.address),
      meta: { touches: ['wallet', 'member'] },
    }),
    discard: useMutation({
      mutationFn: (password: string) => fetchData(walletApi.discard, { password }, inline),
      gcTime: FORGET,
      meta: { touches: ['wallet'] },
    }),
  };
}
