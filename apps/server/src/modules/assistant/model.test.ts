import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM, createSseParser, type ConversationMessages } from '@study-crm/shared';
import { testClock, SIGN } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { staffWith } from '../../test/application-fixtures.js';
import {
  ask,
  CHAT_URL,
  seedApplications,
  startFakeModel,
  stopChunk,
  textChunk,
  toolCallChunks,
} from '../../test/assistant-fixtures.js';

const KEY = 'sk-test-key-never-logged';
const CAS_PATH = '/applicationManage/applicationList?f.status=offer_unconditional';
const UNSTABLE_EN = 'The current network is unstable, please try again later [7800]';
const model = await startFakeModel();
afterAll(() => model.close());

describe('XiaoK with a language model (OpenAI-compatible streaming)', () => {
  const clock = testClock();
  const t = useTestApp({
    signIn: true,
    clock,
    env: {
      ASSISTANT_MODEL_URL: model.url,
      ASSISTANT_MODEL_KEY: KEY,
      ASSISTANT_MODEL_NAME: 'test-model',
      ASSISTANT_FIRST_BYTE_MS: '1500',
      ASSISTANT_TIMEOUT_MS: '4000',
      ASSISTANT_RATE_PER_MINUTE: '1000',
    },
  });
  const admin = () => t.admin.token;
  const stored = async (conversationId: number, token = admin()) =>
    (await t.get<ConversationMessages>(`${CHAT_URL}/conversations/messages`, { id: conversationId }, { token })).data
      .messages;

  // The app on a real port (once), for the tests of a member who leaves.
  const listening = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    const statuses = ['offer_unconditional', 'offer_unconditional', 'offer_unconditional', 'submitted'];
    await seedApplications(t.db.db, statuses, clock.now());
  });

  it('streams the model’s answer as it comes, with the key in the header and a system prompt in the member’s language', async () => {
    model.script([
      { kind: 'stream', chunks: [textChunk('Hello, '), 'not json', textChunk('I am XiaoK.'), stopChunk()] },
    ]);
    const r = await ask(t, 'Who are you?', { token: admin() });
    expect(r.of('start')[0]).toMatchObject({ answerer: 'model' });
    expect(r.of('delta').map((d) => d.text)).toEqual(['Hello, ', 'I am XiaoK.']);
    expect(r.of('done')).toHaveLength(1);
    const req = model.requests[0]!;
    expect(req.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: 'test-model', stream: true });
    expect(req.body.messages[0]!.role).toBe('system');
    expect(req.body.messages[0]!.content).toContain('Answer in English');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'Who are you?' });
    expect(req.body.tools!.map((x) => x.function.name).sort()).toEqual([
      'applications_by_status',
      'my_tasks',
      'pending_payments',
      'search_help',
      'unanswered_feedback',
      'upcoming_deadlines',
    ]);
    const [, answer] = await stored(r.of('start')[0]!.conversationId);
    expect(answer).toMatchObject({ content: 'Hello, I am XiaoK.', answerer: 'model', status: 'ok' });

    model.script([{ kind: 'stream', chunks: [textChunk('你好'), stopChunk()] }]);
    const zh = await ask(t, '你是誰？', {
      token: admin(),
      locale: 'zh-TW',
      conversationId: r.of('start')[0]!.conversationId,
    });
    expect(model.requests[0]!.body.messages[0]!.content).toContain('繁體中文');
    // The conversation so far goes with the question.
    expect(model.requests[0]!.body.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Who are you?'],
      ['assistant', 'Hello, I am XiaoK.'],
      ['user', '你是誰？'],
    ]);
    expect(zh.text).toBe('你好');
  });

  it('runs a tool call through the permission-checked figures and sends the result back', async () => {
    model.script([
      {
        kind: 'stream',
        chunks: toolCallChunks('call_1', 'applications_by_status', { statuses: ['offer_unconditional'] }),
      },
      { kind: 'stream', chunks: [textChunk('**3** applications wait for a CAS.'), stopChunk()] },
    ]);
    const r = await ask(t, 'How many applications are waiting for a CAS?', { token: admin() });
    expect(r.text).toBe('**3** applications wait for a CAS.');
    expect(model.requests).toHaveLength(2);
    const second = model.requests[1]!.body.messages;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ id: 'call_1', function: { name: 'applications_by_status' } }],
    });
    const tool = second.at(-1)!;
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    const result = JSON.parse(tool.content!) as {
      total: number;
      rows: { status: string; count: number; path: string }[];
    };
    expect(result.total).toBe(3);
    expect(result.rows).toEqual([
      { status: 'offer_unconditional', label: 'Unconditional offer', count: 3, path: CAS_PATH },
    ]);
    expect(r.of('links')[0]!.links.map((l) => l.path)).toEqual([CAS_PATH]);
  });

  it('offers a member only the tools of the lists they may open, and runs no other', async () => {
    await staffWith(t, 'xkmodel', [PERM.applicationList]);
    const { token } = await t.login('xkmodel', 'Staff#2026pass');
    model.script([
      { kind: 'stream', chunks: toolCallChunks('call_9', 'pending_payments', {}) },
      { kind: 'stream', chunks: [textChunk('I cannot see payments.'), stopChunk()] },
    ]);
    const r = await ask(t, 'What is the total of pending payments?', { token });
    const offered = model.requests[0]!.body.tools!.map((x) => x.function.name);
    expect(offered).toContain('applications_by_status');
    expect(offered).not.toContain('pending_payments');
    expect(offered).not.toContain('unanswered_feedback');
    expect(model.requests[1]!.body.messages.at(-1)!.content).toBe('{"error":"unknown tool"}');
    expect(r.text).toBe('I cannot see payments.');
  });

  it('falls back to the embedded answerer when the model does not start within the time limit', async () => {
    model.script([{ kind: 'hang' }]);
    const r = await ask(t, 'How many applications are waiting for a CAS?', { token: admin() });
    expect(r.events.map((e) => e.event).slice(0, 2)).toEqual(['start', 'answerer']);
    expect(r.of('answerer')[0]).toEqual({ answerer: 'embedded' });
    expect(r.text).toContain(`**3** applications have the status "[Unconditional offer](${CAS_PATH})"`);
    expect(r.of('done')).toHaveLength(1);
    const [, answer] = await stored(r.of('start')[0]!.conversationId);
    expect(answer).toMatchObject({ answerer: 'embedded', status: 'ok' });
  });

  it('falls back to the embedded answerer on an HTTP error of the model', async () => {
    model.script([{ kind: 'status', status: 503 }]);
    const r = await ask(t, '如何新增付款記錄？', { token: admin(), locale: 'zh-TW' });
    expect(r.of('answerer')[0]).toEqual({ answerer: 'embedded' });
    expect(r.text).toContain('這在「**付款記錄**」畫面操作：');
  });

  it('ends with the error event (7800, the spec’s message) when the model fails after it started writing', async () => {
    // The connection breaks off once the first words are out.
    model.script([{ kind: 'stream', chunks: [textChunk('Partial ')], delayMs: 300, end: 'destroy' }]);
    const r = await ask(t, 'Tell me a long story', { token: admin() });
    expect(r.text).toBe('Partial ');
    expect(r.of('error')).toEqual([{ code: 7800, message: UNSTABLE_EN }]);
    expect(r.of('done')).toEqual([]);
    expect(r.of('answerer')).toEqual([]);
    const [, answer] = await stored(r.of('start')[0]!.conversationId);
    expect(answer).toMatchObject({ content: 'Partial ', status: 'error', errorCode: 7800, answerer: 'model' });

    model.script([{ kind: 'stream', chunks: [textChunk('一半'), { error: { message: 'boom' } }], end: 'hang' }]);
    const zh = await ask(t, '講個故事', { token: admin(), locale: 'zh-TW' });
    expect(zh.of('error')).toEqual([{ code: 7800, message: '當前網路不穩定，請稍後再試 [7800]' }]);
  });

  it('ends with the error event when the whole answer takes longer than the time limit', async () => {
    model.script([{ kind: 'stream', chunks: [textChunk('Thinking…')], end: 'hang' }]);
    const r = await ask(t, 'Think hard', { token: admin(), locale: 'zh-CN' });
    expect(r.of('error')).toEqual([{ code: 7800, message: '当前网络不稳定，请稍后再试 [7800]' }]);
    await expect.poll(() => model.requests[0]?.closedEarly, { timeout: 10_000 }).toBe(true);
  });

  it('stops the model and keeps the partial answer as cancelled when the member leaves mid-stream', async () => {
    model.script([
      { kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => textChunk(`word${i} `)), delayMs: 100 },
    ]);
    const port = await listening();
    const params = new URLSearchParams({ appId: 'student-admin', mcId: 'COM', question: 'A long answer please' });
    const conversationId = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `${CHAT_URL}?${params.toString()}`,
          headers: { sign: SIGN, 'x-token': admin() },
        },
        (res) => {
          expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
          expect(res.headers['x-accel-buffering']).toBe('no');
          let id = 0;
          const parser = createSseParser((m) => {
            if (m.event === 'start') id = (JSON.parse(m.data) as { conversationId: number }).conversationId;
            if (m.event === 'delta') {
              // The member closes the panel after the first words.
              req.destroy();
              resolve(id);
            }
          });
          res.setEncoding('utf8');
          res.on('data', (c: string) => parser.feed(c));
        },
      );
      req.on('error', (err) => {
        if (!(err as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(err);
      });
    });
    await expect.poll(async () => (await stored(conversationId))[1]?.status, { timeout: 10_000 }).toBe('cancelled');
    const [, answer] = await stored(conversationId);
    expect(answer!.content).toMatch(/^word0 /);
    expect(answer!.content.length).toBeLessThan('word0 '.length * 40);
    await expect.poll(() => model.requests[0]?.closedEarly, { timeout: 10_000 }).toBe(true);
  });

  it('asks the model nothing and stores the answer as cancelled when the member left while the question was accepted', async () => {
    model.script([{ kind: 'stream', chunks: [textChunk('Nobody reads this'), stopChunk()] }]);
    const port = await listening();
    const db = t.db.db;
    const question = 'Gone before the answer';
    // The question's acceptance waits: on PostgreSQL for the member's question lock (the app's other reads go on), on
    // SQLite for the one connection (the session check waits too). Either way the member leaves before the handler
    // listens for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = db.transaction().execute(async (tx) => {
      if (t.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(7800, ${t.admin.mid})`.execute(tx);
      locked();
      await held;
    });
    await isLocked;
    // The server has the whole request, then sees the connection close.
    const closed = new Promise<void>((resolve) => {
      const onRequest = (req: http.IncomingMessage) => {
        t.app.server.off('request', onRequest);
        req.on('close', () => resolve());
        client.destroy();
      };
      t.app.server.on('request', onRequest);
    });
    const params = new URLSearchParams({ appId: 'student-admin', mcId: 'COM', question });
    const client = http.get({
      host: '127.0.0.1',
      port,
      path: `${CHAT_URL}?${params.toString()}`,
      headers: { sign: SIGN, 'x-token': admin() },
    });
    client.on('error', () => undefined);
    await closed;
    release();
    await holding;
    const answerOf = async () => {
      const asked = await db
        .selectFrom('assistantMessage')
        .select('conversationId')
        .where('role', '=', 'user')
        .where('content', '=', question)
        .executeTakeFirst();
      if (!asked) return undefined;
      return db
        .selectFrom('assistantMessage')
        .select(['status', 'content'])
        .where('conversationId', '=', asked.conversationId)
        .where('role', '=', 'assistant')
        .executeTakeFirst();
    };
    await expect.poll(async () => (await answerOf())?.status ?? 'pending', { timeout: 10_000 }).not.toBe('pending');
    expect(await answerOf()).toEqual({ status: 'cancelled', content: '' });
    expect(model.requests).toEqual([]);
  });

  it('never writes the key or the question into a log line', () => {
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(KEY);
    expect(logs).not.toContain('Tell me a long story');
    expect(logs).toContain('assistant model failed');
  });
});
