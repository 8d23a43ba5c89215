import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_MESSAGES_PAGE,
  ASSISTANT_MESSAGES_PAGE_MAX,
  assistantApi,
  type ChatStreamEvent,
} from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { AssistantService } from './assistant.service.js';

const tags = ['assistant'];
// A comment line now and then keeps proxies and load balancers from closing a quiet stream (a slow model).
const PING_MS = 15_000;

export function registerAssistantRoutes(app: FastifyInstance, assistant: AssistantService): void {
  defineRoute(app, {
    ...assistantApi.chat,
    access: 'signedIn',
    tags,
    summary: 'Ask XiaoK: the answer streamed as server-sent events',
    description:
      'Refusals before the answer starts are the usual JSON envelope: 400 naming the field (question required, at ' +
      'most 500 characters, no NUL), 401, 404 (conversationId is not one of the caller’s), 7801 (more questions ' +
      'a minute than ASSISTANT_RATE_PER_MINUTE). Otherwise `text/event-stream` with the events `start` ' +
      '{conversationId, questionId, messageId, answerer}, `answerer` {answerer} (the model failed before writing: ' +
      'the embedded answerer answers), `delta` {text} (markdown), `links` {links}, `cards` {cards}, then `done` ' +
      '{messageId, status} or `error` {code, message} (7800: the current network is unstable). Figures come only ' +
      'from lists the caller may open.',
    handler: async ({ query, member, locale, reply }) => {
      const accepted = await assistant.accept(member!, locale, query);
      const stream = new PassThrough();
      // Writes after the member left are dropped (the stream is destroyed with the connection).
      stream.on('error', () => undefined);
      const write = (text: string) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(text);
      };
      const emit = (e: ChatStreamEvent) => write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('the member left'));
      };
      reply.raw.on('close', onClose);
      // A member who left while the question was accepted (or before): the close came before the listener.
      if (reply.raw.destroyed) onClose();
      const ping = setInterval(() => write(': ping\n\n'), PING_MS);
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-store, no-transform')
        // nginx and similar proxies pass each event on at once instead of buffering the answer.
        .header('x-accel-buffering', 'no')
        .send(stream);
      try {
        await assistant.answer(accepted, emit, gone.signal);
      } finally {
        clearInterval(ping);
        reply.raw.off('close', onClose);
        stream.end();
      }
    },
  });

  defineRoute(app, {
    ...assistantApi.conversations,
    access: 'signedIn',
    tags,
    summary: "The caller's conversations with XiaoK, the most recently used first",
    handler: ({ query, member }) => assistant.conversations(member!.id, query),
  });

  defineRoute(app, {
    ...assistantApi.messages,
    access: 'signedIn',
    tags,
    summary: 'A page of the messages of one of the caller’s conversations, oldest first (404 for any other one)',
    description:
      `The newest \`size\` messages (default ${ASSISTANT_MESSAGES_PAGE}, at most ${ASSISTANT_MESSAGES_PAGE_MAX}); ` +
      '`hasOlder` tells whether older ones exist, read with ' +
      '`before` = the id of the oldest message shown (a keyset cursor). 400 names a bad `size` or `before`.',
    handler: ({ query, member }) => assistant.messages(member!.id, query),
  });

  defineRoute(app, {
    ...assistantApi.remove,
    access: 'signedIn',
    audit: { action: 'assistant.removeConversation', record: 'assistantConversation' },
    tags,
    summary: 'Removes one of the caller’s conversations with its messages (404 for any other conversation)',
    handler: ({ body, member }) => assistant.remove(member!.id, body.id),
  });
}
