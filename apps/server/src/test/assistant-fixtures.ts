import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSseParser, type ChatStreamEvent } from '@study-crm/shared';
import type { Db } from '../db/database.js';
import type { TestApp, Values } from './harness.js';

// Test helpers for XiaoK (not a test file itself).

export const CHAT_URL = '/api/v1/chat';

export type ChatResult = {
  // The JSON envelope when the question was refused before the stream started.
  envelope: { meta: { code: number; message: string }; data: unknown } | null;
  contentType: string;
  events: ChatStreamEvent[];
  text: string;
  of: <N extends ChatStreamEvent['event']>(name: N) => Extract<ChatStreamEvent, { event: N }>['data'][];
};

export function readEvents(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const parser = createSseParser((m) => events.push({ event: m.event, data: JSON.parse(m.data) } as ChatStreamEvent));
  parser.feed(body);
  parser.end();
  return events;
}

export function chatResult(contentType: string, body: string): ChatResult {
  const isStream = contentType.startsWith('text/event-stream');
  const events = isStream ? readEvents(body) : [];
  const of = ((name: string) => events.filter((e) => e.event === name).map((e) => e.data)) as ChatResult['of'];
  return {
    envelope: isStream ? null : (JSON.parse(body) as ChatResult['envelope']),
    contentType,
    events,
    text: of('delta')
      .map((d) => d.text)
      .join(''),
    of,
  };
}

// One bare application a status (students 學生0, 學生1, …, applied on 2026-11-01), straight into the database.
export async function seedApplications(db: Db, statuses: readonly string[], now: number): Promise<number[]> {
  const rows = await db
    .insertInto('application')
    .values(
      statuses.map((status, i) => ({
        name: `學生${i}`,
        searchName: `學生${i}`,
        applicationDate: '2026-11-01',
        status,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

// Asks XiaoK through app.inject (the whole stream is read at once).
export async function ask(
  t: TestApp,
  question: string | null,
  opts: { token: string; locale?: string; conversationId?: number | string; extra?: Values },
): Promise<ChatResult> {
  const params = new URLSearchParams({ appId: 'student-admin', mcId: 'COM' });
  if (question !== null) params.set('question', question);
  if (opts.conversationId !== undefined) params.set('conversationId', String(opts.conversationId));
  for (const [k, v] of Object.entries(opts.extra ?? {})) params.set(k, String(v));
  const res = await t.app.inject({
    method: 'GET',
    url: `${CHAT_URL}?${params.toString()}`,
    headers: t.headers({ token: opts.token, locale: opts.locale ?? 'en-US' }),
  });
  return chatResult(String(res.headers['content-type'] ?? ''), res.body);
}

export type ModelRequest = {
  authorization: string | undefined;
  // The portal closed the connection before the answer ended.
  closedEarly: boolean;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string } }[];
  };
};

// What the fake model does with one request: write chunks (objects become `data: <json>`), wait, fail.
export type ModelStep =
  | { kind: 'stream'; chunks: (object | string)[]; delayMs?: number; end?: 'done' | 'destroy' | 'hang' }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export const textChunk = (content: string) => ({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
export const stopChunk = () => ({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
export const toolCallChunks = (id: string, name: string, args: object) => {
  const json = JSON.stringify(args);
  const half = Math.floor(json.length / 2);
  // Split over two chunks, as real servers stream the arguments.
  return [
    {
      choices: [
        {
          index: 0,
          delta: {
            role: 'assistant',
            tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: json.slice(0, half) } }],
          },
          finish_reason: null,
        },
      ],
    },
    {
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { arguments: json.slice(half) } }] },
          finish_reason: null,
        },
      ],
    },
    { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
  ];
};

// A local HTTP server speaking the OpenAI-compatible chat-completions streaming protocol: each request takes the
// next scripted step (the last one repeats). `requests` records what the portal sent and whether it closed the
// connection before the answer ended.
export async function startFakeModel() {
  const requests: ModelRequest[] = [];
  let steps: ModelStep[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: ModelRequest = {
        authorization: req.headers.authorization,
        closedEarly: false,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ModelRequest['body'],
      };
      requests.push(entry);
      const step = steps.length > 1 ? steps.shift()! : steps[0];
      let finished = false;
      res.on('close', () => {
        if (!finished) entry.closedEarly = true;
      });
      if (!step || step.kind === 'hang') return;
      if (step.kind === 'status') {
        finished = true;
        res.writeHead(step.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const write = async () => {
        for (const c of step.chunks) {
          if (res.destroyed) return;
          res.write(`data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`);
          if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
        }
        if (step.end === 'hang') return;
        if (step.end === 'destroy') {
          finished = true;
          res.destroy();
          return;
        }
        finished = true;
        res.end('data: [DONE]\n\n');
      };
      void write();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next: ModelStep[]) => {
      steps = [...next];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
