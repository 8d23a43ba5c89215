import { assistantApi, CHAT_EVENTS, createSseParser, type ChatStreamEvent } from '@study-crm/shared';
import { streamOf } from '../../api/call';

const KNOWN = new Set<string>(CHAT_EVENTS);

// Reads XiaoK's event stream to its end, handing each event over as it arrives (unknown events and data that is
// not JSON are skipped). Stops quietly when `signal` aborts.
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (e: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createSseParser((m) => {
    if (!KNOWN.has(m.event)) return;
    try {
      onEvent({ event: m.event, data: JSON.parse(m.data) } as ChatStreamEvent);
    } catch {
      // Not JSON: not one of ours.
    }
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } catch (err) {
    if (!signal?.aborted) throw err;
  } finally {
    signal?.removeEventListener('abort', stop);
    parser.end();
  }
}

// Asks XiaoK (GET /api/v1/chat) through the shared client: contract parameters and the sign header. A refusal before
// the stream (400, 404, 7801…) rejects with an ApiError; `apiResCode` codes are left to the caller to show.
export async function askXiaoK(
  params: { question: string; conversationId: number | null },
  opts: { signal: AbortSignal; onEvent: (e: ChatStreamEvent) => void; apiResCode?: readonly number[] },
): Promise<void> {
  const res = await streamOf(assistantApi.chat, params, { signal: opts.signal, apiResCode: opts.apiResCode ?? [] });
  await readChatStream(res.body!, opts.onEvent, opts.signal);
}
