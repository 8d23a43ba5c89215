import { vi } from 'vitest';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { ModalFuncProps } from 'antd';
import { bindFeedback, type FeedbackApi } from '../lib/feedback';
import { invalidateDomains } from '../lib/queryDomains';
import { okResponse } from './responses';

export type ServedCall = { path: string; body: URLSearchParams };

// The calls a screen makes through fetch, by path, with the bodies of its writes: `answers` gives a path's answer (a
// test may change it between steps), `otherwise` any other path's.
export function serveCalls(
  answers: Record<string, () => Response>,
  otherwise: (path: string) => Response = () => okResponse(null),
): ServedCall[] {
  const calls: ServedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    calls.push({ path, body: new URLSearchParams(typeof init?.body === 'string' ? init.body : '') });
    return answers[path]?.() ?? otherwise(path);
  });
  return calls;
}

// The toasts are not shown and a confirm dialog is accepted at once.
export function acceptingFeedback(): void {
  const none = vi.fn();
  bindFeedback({
    message: { success: none, error: none, info: none, warning: none, loading: none, open: none, destroy: none },
    modal: { confirm: (c: ModalFuncProps) => void c.onOk?.() },
  } as unknown as FeedbackApi);
}

// A query client as the app's (app/queryClient.ts): a write refreshes the queries of the domains it touches; no
// retries.
export function appQueryClient(): QueryClient {
  const qc: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_d, _v, _c, mutation) => invalidateDomains(qc, mutation.meta?.touches ?? []),
    }),
    defaultOptions: { queries: { retry: false } },
  });
  return qc;
}
