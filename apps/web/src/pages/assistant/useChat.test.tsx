import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), dialog: {}, feedbackAvailable: () => false }));
const { useChat } = await import('./useChat');

const enc = new TextEncoder();
const event = (name: string, data: object) => enc.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

// A streamed answer that writes its start and first words, then waits (until the request is aborted).
function slowAnswer() {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(event('start', { conversationId: 5, questionId: 1, messageId: 2, answerer: 'model' }));
        c.enqueue(event('delta', { text: 'First words' }));
        init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('a conversation with XiaoK in the panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the answer as it streams, and the stop button aborts it and keeps what was written', async () => {
    const fetch = slowAnswer();
    const { result } = renderHook(() => useChat(), { wrapper });
    act(() => void result.current.send('Tell me everything'));
    await waitFor(() => expect(result.current.messages[1]?.content).toBe('First words'));
    expect(result.current).toMatchObject({ isBusy: true, conversationId: 5 });
    expect(result.current.messages[1]).toMatchObject({ role: 'assistant', status: 'streaming', answerer: 'model' });
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.isBusy).toBe(false));
    expect(result.current.messages[1]).toMatchObject({ status: 'cancelled', content: 'First words' });
    expect((fetch.mock.calls[0]![1] as RequestInit).signal?.aborted).toBe(true);

    // The next question goes into the same conversation; a new conversation starts without one.
    slowAnswer();
    act(() => void result.current.send('And then?'));
    await waitFor(() => expect(result.current.messages).toHaveLength(4));
    const url = new URL(String((globalThis.fetch as ReturnType<typeof vi.fn>).mock.calls[0]![0]), 'http://x');
    expect(url.searchParams.get('conversationId')).toBe('5');
    act(() => result.current.startNew());
    expect(result.current).toMatchObject({ messages: [], conversationId: null });
    await waitFor(() => expect(result.current.isBusy).toBe(false));
  });

  it('takes the next question once the answer is done, while its stream is still closing', async () => {
    // The first answer's stream stays open after its last event, then breaks.
    let breakFirst: () => void = () => undefined;
    const fetch = vi.fn(async (_url: string) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(event('start', { conversationId: 7, questionId: 1, messageId: 2, answerer: 'embedded' }));
          c.enqueue(event('delta', { text: 'Three.' }));
          c.enqueue(event('done', {}));
          if (fetch.mock.calls.length === 1) breakFirst = () => c.error(new TypeError('network error'));
          else c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useChat(), { wrapper });
    act(() => void result.current.send('How many?'));
    await waitFor(() => expect(result.current.messages[1]?.status).toBe('ok'));
    expect(result.current).toMatchObject({ isBusy: false, conversationId: 7 });

    await act(() => result.current.send('And now?'));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new URL(String(fetch.mock.calls[1]![0]), 'http://x').searchParams.get('conversationId')).toBe('7');
    expect(result.current.messages.map((m) => m.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    // The first stream breaking afterwards leaves both answers as they are.
    act(() => breakFirst());
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.messages.map((m) => [m.status, m.content])).toEqual([
      ['ok', 'How many?'],
      ['ok', 'Three.'],
      ['ok', 'And now?'],
      ['ok', 'Three.'],
    ]);
    expect(result.current.isBusy).toBe(false);
  });

  it('shows an error event and a refusal before the stream inside the conversation', async () => {
    vi.stubGlobal('fetch', async () => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(event('start', { conversationId: 6, questionId: 1, messageId: 2, answerer: 'model' }));
          c.enqueue(event('delta', { text: 'Part' }));
          c.enqueue(
            event('error', { code: 7800, message: 'The current network is unstable, please try again later [7800]' }),
          );
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const { result } = renderHook(() => useChat(), { wrapper });
    await act(() => result.current.send('q'));
    expect(result.current.messages[1]).toMatchObject({
      status: 'error',
      content: 'Part',
      error: 'The current network is unstable, please try again later [7800]',
    });
    vi.stubGlobal('fetch', async () =>
      Response.json({ meta: { code: 7801, message: 'Too many questions [7801]' }, data: null }),
    );
    await act(() => result.current.send('again'));
    expect(result.current.messages[3]).toMatchObject({ status: 'error', error: 'Too many questions [7801]' });
  });

  it('opens a conversation at its newest page and puts the earlier pages in front, until the first message', async () => {
    const stored = (id: number) => ({
      id,
      role: id % 2 ? 'user' : 'assistant',
      content: `message ${id}`,
      links: [],
      cards: [],
      answerer: id % 2 ? null : 'embedded',
      status: 'ok',
      errorCode: null,
      createdAt: id,
    });
    const conversation = { id: 9, title: 'Long', createdAt: 1, updatedAt: 2 };
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => stored(from + i));
    const fetch = vi.fn(async (url: string) => {
      const before = new URL(url, 'http://x').searchParams.get('before');
      const page =
        before === null
          ? { messages: range(101, 150), hasOlder: true }
          : before === '101'
            ? { messages: range(51, 100), hasOlder: true }
            : { messages: range(1, 50), hasOlder: false };
      return Response.json({ meta: { code: 200, message: 'ok' }, data: { conversation, ...page } });
    });
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useChat(), { wrapper });
    await act(() => result.current.open(9));
    expect(result.current).toMatchObject({ conversationId: 9, hasOlder: true, isLoadingOlder: false });
    expect(result.current.messages.map((m) => m.content).slice(0, 2)).toEqual(['message 101', 'message 102']);
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams.get('before')).toBeNull();

    await act(() => result.current.loadOlder());
    expect(new URL(String(fetch.mock.calls[1]![0]), 'http://x').searchParams.get('before')).toBe('101');
    expect(result.current.messages).toHaveLength(100);
    expect(result.current.messages[0]!.content).toBe('message 51');
    expect(result.current.hasOlder).toBe(true);
    await act(() => result.current.loadOlder());
    expect(new URL(String(fetch.mock.calls[2]![0]), 'http://x').searchParams.get('before')).toBe('51');
    expect(result.current.messages.map((m) => m.content)).toEqual(range(1, 150).map((m) => m.content));
    expect(result.current.hasOlder).toBe(false);
    // Nothing older: no more calls; a new conversation has nothing older either.
    await act(() => result.current.loadOlder());
    expect(fetch).toHaveBeenCalledTimes(3);
    act(() => result.current.startNew());
    expect(result.current).toMatchObject({ messages: [], hasOlder: false });
  });
});
