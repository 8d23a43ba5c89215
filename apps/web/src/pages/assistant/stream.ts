import { assistantApi, CHAT_EVENTS, createSseParser, type ChatStreamEvent } from '@study-crm/shared';
import { ApiError, encodeParams, handleEnvelope, headers, type CallOptions, type Params } from '../../api/client';
import { API_BASE } from '../../api/config';
import i18n from '../../i18n';
import { toastError } from '../../lib/feedback';

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

// A streamed answer (text/event-stream): the response when the server accepted the call; a refusal before the stream
// (a JSON envelope) goes through the client's usual handling and arrives as an ApiError. Contract parameters and
// headers are the shared client's; EventSource cannot send the sign header, so this is a fetch whose body is read.
// (Here rather than in api/client.ts, which the login page loads.)
export async function openStream(url: string, params: Params, opts: CallOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${url}?${encodeParams(params).toString()}`, {
      headers: headers({ accept: 'text/event-stream' }),
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name !== 'AbortError') toastError((err as Error).message || i18n.t('common.networkUnstable'));
    throw err;
  }
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream') && res.body) return res;
  const env = handleEnvelope<null>(await res.json().catch(() => null), opts);
  throw new ApiError(env.meta.code, env.meta.message);
}

// Asks XiaoK (GET /api/v1/chat) through the shared client: contract parameters and the sign header. A refusal before
// the stream (400, 404, 7801…) rejects with an ApiError; `apiResCode` codes are left to the caller to show.
export async function askXiaoK(
  params: { question: string; conversationId: number | null },
  opts: { signal: AbortSignal; onEvent: (e: ChatStreamEvent) => void; apiResCode?: readonly number[] },
): Promise<void> {
  const res = await openStream(assistantApi.chat.url, params, {
    signal: opts.signal,
    apiResCode: opts.apiResCode ?? [],
  });
  await readChatStream(res.body!, opts.onEvent, opts.signal);
}
