import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatStreamEvent } from '@study-crm/shared';

const toastError = vi.fn();
vi.mock('../../lib/feedback', () => ({
  toastError: (t: string) => toastError(t),
  dialog: {},
  feedbackAvailable: () => false,
}));

const { readChatStream, askXiaoK } = await import('./stream');
const { ApiError } = await import('../../api/client');

// A response body that delivers the given pieces of text one by one.
function bodyOf(pieces: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of pieces) controller.enqueue(enc.encode(p));
      controller.close();
    },
  });
}

const STREAM =
  'event: start\ndata: {"conversationId":3,"questionId":7,"messageId":8,"answerer":"embedded"}\n\n' +
  ': ping\n\n' +
  'event: delta\ndata: {"text":"**3** applications"}\n\n' +
  'event: delta\ndata: {"text":" wait 中文"}\n\n' +
  'event: unknown\ndata: {"x":1}\n\n' +
  'event: links\ndata: {"links":[{"label":"Application list","path":"/applicationManage/applicationList"}]}\n\n' +
  'event: done\ndata: {"messageId":8,"status":"ok"}\n\n';

describe("XiaoK's stream reader", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toastError.mockReset();
  });

  it('hands over each known event, in order, however the bytes are split (multi-byte characters too)', async () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const pieces: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size));
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of pieces) c.enqueue(p);
          c.close();
        },
      });
      const events: ChatStreamEvent[] = [];
      await readChatStream(body, (e) => events.push(e));
      expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'links', 'done']);
      expect(events[2]).toEqual({ event: 'delta', data: { text: ' wait 中文' } });
    }
  });

  it('stops quietly when aborted', async () => {
    const abort = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"a"}\n\n'));
      },
    });
    const events: ChatStreamEvent[] = [];
    const reading = readChatStream(
      body,
      (e) => {
        events.push(e);
        abort.abort();
      },
      abort.signal,
    );
    await expect(reading).resolves.toBeUndefined();
    expect(events).toHaveLength(1);
  });

  it('asks with the contract parameters and the sign header, and reads the stream', async () => {
    const fetch = vi.fn(
      async () => new Response(bodyOf([STREAM]), { headers: { 'content-type': 'text/event-stream' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const events: ChatStreamEvent[] = [];
    await askXiaoK(
      { question: 'How many?', conversationId: 3 },
      { signal: new AbortController().signal, onEvent: (e) => events.push(e) },
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('question')).toBe('How many?');
    expect(q.get('conversationId')).toBe('3');
    expect(q.get('appId')).toBe('student-admin');
    expect(q.get('mcId')).toBe('COM');
    expect((init.headers as Record<string, string>).sign).toBeTruthy();
    expect(events.at(-1)).toEqual({ event: 'done', data: { messageId: 8, status: 'ok' } });
  });

  it('turns a refusal before the stream into an ApiError, without a toast for the codes the panel shows', async () => {
    const refusal = { meta: { code: 7801, message: 'Too many questions [7801]' }, data: null };
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify(refusal), { headers: { 'content-type': 'application/json' } }),
    );
    const err = await askXiaoK(
      { question: 'q', conversationId: null },
      { signal: new AbortController().signal, onEvent: () => undefined, apiResCode: [7801] },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).code).toBe(7801);
    expect(toastError).not.toHaveBeenCalled();
  });
});
