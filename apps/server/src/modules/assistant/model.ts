import { createSseParser, ASSISTANT_LINKS_MAX, type AssistantLink } from '@study-crm/shared';
import { ModelFailure, type AnswererImpl } from './answerer.js';
import { safePath } from './markdown.js';
import { systemPrompt } from './prompt.js';
import { toolsFor, type Tool } from './tools.js';

export type ModelSettings = {
  url: string;
  key: string | undefined;
  name: string;
  // The whole answer (every round of tool calls) must end within this time.
  timeoutMs: number;
  // Each request must start streaming within this time.
  firstByteMs: number;
};

type Log = { warn: (obj: object, msg: string) => void };

type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

type Delta = {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
};
type Chunk = { choices?: { delta?: Delta; finish_reason?: string | null }[]; error?: unknown };

// At most this many rounds of tool calls; the last round offers no tools, so the model must answer in words.
const MAX_ROUNDS = 4;
// The longest answer kept (the stream is cut there).
const ANSWER_MAX = 20_000;
// A tool result the model reads is capped too.
const TOOL_RESULT_MAX = 8_000;

class Timeout extends Error {}

// The language-model answerer: any OpenAI-compatible `POST {base}/chat/completions` with `stream: true`, its
// server-sent events parsed as they come, tool calls run through the member's own permission-checked tools and
// sent back until the model answers in words. The key travels only in the Authorization header.
export function createModelAnswerer(deps: { settings: ModelSettings; tools: readonly Tool[]; log: Log }): AnswererImpl {
  const { settings, log } = deps;
  const endpoint = `${settings.url}/chat/completions`;

  return {
    name: 'model',
    async answer(input, sink) {
      const { asker } = input;
      const offered = toolsFor(deps.tools, asker);
      const messages: ChatMessage[] = [
        { role: 'system', content: systemPrompt(asker.locale, asker.now) },
        ...input.history.map((h) => ({ role: h.role, content: h.content }) as ChatMessage),
        { role: 'user', content: input.question },
      ];
      const links: AssistantLink[] = [];
      let written = 0;
      let hasStreamed = false;
      const overall = new AbortController();
      const overallTimer = setTimeout(() => overall.abort(new Timeout()), settings.timeoutMs);
      const fail = (reason: ModelFailure['reason'], detail: string) => new ModelFailure(reason, hasStreamed, detail);

      try {
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const isLast = round === MAX_ROUNDS - 1;
          const tools = isLast ? [] : offered;
          const request = new AbortController();
          const firstByte = setTimeout(() => request.abort(new Timeout()), settings.firstByteMs);
          const signal = AbortSignal.any([input.signal, overall.signal, request.signal]);
          const whyAborted = () => {
            if (input.signal.aborted) return input.signal.reason;
            return overall.signal.reason ?? request.signal.reason;
          };

          let res: Response;
          try {
            res = await fetch(endpoint, {
              method: 'POST',
              signal,
              headers: {
                'content-type': 'application/json',
                accept: 'text/event-stream',
                ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
              },
              body: JSON.stringify({
                model: settings.name,
                stream: true,
                messages,
                ...(tools.length
                  ? {
                      tools: tools.map((t) => ({
                        type: 'function',
                        function: { name: t.name, description: t.description, parameters: t.parameters },
                      })),
                      tool_choice: 'auto',
                    }
                  : {}),
              }),
            });
          } catch (err) {
            clearTimeout(firstByte);
            if (input.signal.aborted) throw input.signal.reason;
            if (whyAborted() instanceof Timeout) throw fail('timeout', 'no answer in time');
            throw fail('network', (err as Error).message);
          }
          if (!res.ok || !res.body) {
            clearTimeout(firstByte);
            // The body is not logged: an error page may quote the request (or part of the key).
            await res.body?.cancel().catch(() => undefined);
            throw fail('http', `HTTP ${res.status}`);
          }

          const calls: ToolCall[] = [];
          let text = '';
          let finish: string | null = null;
          let protocolError: string | null = null;
          const parser = createSseParser((m) => {
            if (m.data === '[DONE]') return;
            let chunk: Chunk;
            try {
              chunk = JSON.parse(m.data) as Chunk;
            } catch {
              return;
            }
            if (chunk.error) {
              protocolError = 'an error event in the stream';
              return;
            }
            const choice = chunk.choices?.[0];
            if (!choice) return;
            if (choice.finish_reason) finish = choice.finish_reason;
            const d = choice.delta;
            if (d?.content && written < ANSWER_MAX) {
              const piece = d.content.slice(0, ANSWER_MAX - written);
              written += piece.length;
              text += piece;
              hasStreamed = true;
              sink.delta(piece);
            }
            for (const tc of d?.tool_calls ?? []) {
              const i = tc.index ?? calls.length;
              calls[i] ??= { id: '', type: 'function', function: { name: '', arguments: '' } };
              const call = calls[i]!;
              if (tc.id) call.id = tc.id;
              if (tc.function?.name) call.function.name += tc.function.name;
              if (tc.function?.arguments) call.function.arguments += tc.function.arguments;
            }
          });

          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              clearTimeout(firstByte);
              if (done) break;
              parser.feed(decoder.decode(value, { stream: true }));
              if (protocolError || written >= ANSWER_MAX) break;
            }
          } catch {
            if (input.signal.aborted) throw input.signal.reason;
            if (whyAborted() instanceof Timeout) throw fail('timeout', 'the answer took too long');
            throw fail('network', 'the stream broke off');
          } finally {
            clearTimeout(firstByte);
            await reader.cancel().catch(() => undefined);
          }
          if (protocolError) throw fail('protocol', protocolError);

          const wanted = calls.filter((c) => c && c.function.name);
          if (!wanted.length || isLast) {
            if (!hasStreamed) throw fail('protocol', `no answer (finish: ${finish ?? 'none'})`);
            break;
          }
          // Run the tools the model asked for (each checks the member's permission again) and send the results.
          messages.push({ role: 'assistant', content: text || null, tool_calls: wanted });
          for (const call of wanted) {
            const tool = offered.find((t) => t.name === call.function.name);
            let args: Record<string, unknown> = {};
            try {
              const parsed: unknown = JSON.parse(call.function.arguments || '{}');
              if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
                args = parsed as Record<string, unknown>;
            } catch {
              // Unparsable arguments: the tool runs with none.
            }
            const out = tool ? await tool.run(asker, args) : { result: { error: 'unknown tool' }, links: [] };
            for (const l of out.links) if (safePath(l.path) && !links.some((x) => x.path === l.path)) links.push(l);
            messages.push({
              role: 'tool',
              tool_call_id: call.id || call.function.name,
              content: JSON.stringify(out.result).slice(0, TOOL_RESULT_MAX),
            });
          }
        }
      } catch (err) {
        if (err instanceof ModelFailure) {
          log.warn({ reason: err.reason, detail: err.message, hasStreamed: err.hasStreamed }, 'assistant model failed');
        }
        throw err;
      } finally {
        clearTimeout(overallTimer);
      }
      if (links.length) sink.links(links.slice(0, ASSISTANT_LINKS_MAX));
    },
  };
}
