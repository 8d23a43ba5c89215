import { beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANT_MESSAGES_PAGE,
  ASSISTANT_MESSAGES_PAGE_MAX,
  Code,
  type ConversationMessages,
} from '@study-crm/shared';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { ask, CHAT_URL } from '../../test/assistant-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { whileHeld } from '../../test/while-held.js';
import { AppError } from '../../http/errors.js';
import { createAssistantService } from './assistant.service.js';
import type { AssistantRepository } from './assistant.repository.js';
import type { AnswererImpl } from './answerer.js';

const clock = testClock();
const NOW = clock.now();
const MESSAGES = `${CHAT_URL}/conversations/messages`;

describe("XiaoK: a conversation's messages a page at a time, and questions racing a removal", () => {
  const t = useTestApp({ signIn: true, clock, env: { DELIVERY_WORKER: 'off', ASSISTANT_RATE_PER_MINUTE: '1000' } });
  const token = () => t.admin.token;
  let conversationId: number;
  // The stored message ids, oldest first.
  let ids: number[];

  // A conversation of 130 messages (questions and answers in turn), straight into the database.
  beforeAll(async () => {
    const db = t.db.db;
    const memberId = t.admin.mid;
    conversationId = (
      await db
        .insertInto('assistantConversation')
        .values({ memberId, title: 'A long one', createdAt: NOW, updatedAt: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await db
      .insertInto('assistantMessage')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          conversationId,
          memberId,
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: `message ${i}`,
          links: null,
          cards: null,
          answerer: i % 2 ? ('embedded' as const) : null,
          status: 'ok' as const,
          errorCode: null,
          createdAt: NOW + i,
          updatedAt: NOW + i,
        })),
      )
      .returning('id')
      .execute();
    ids = rows.map((r) => r.id).sort((a, b) => a - b);
  });

  const page = async (q: Record<string, string | number> = {}) => {
    const res = await t.get<ConversationMessages>(MESSAGES, { id: conversationId, ...q }, { token: token() });
    expect(res.meta.code, res.meta.message).toBe(200);
    return res.data;
  };

  it('answers the newest page, oldest first, and older pages by the cursor until the first message', async () => {
    const newest = await page();
    expect(newest.conversation).toMatchObject({ id: conversationId, title: 'A long one' });
    expect(newest.messages).toHaveLength(ASSISTANT_MESSAGES_PAGE);
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(-ASSISTANT_MESSAGES_PAGE));
    expect(newest.messages.at(-1)!.content).toBe('message 129');
    expect(newest.hasOlder).toBe(true);

    // Older pages, each before the oldest message shown, read every message once.
    const seen = [...newest.messages.map((m) => m.id)];
    let before = newest.messages[0]!.id;
    let last = newest;
    for (let i = 0; last.hasOlder && i < 10; i++) {
      last = await page({ before });
      seen.unshift(...last.messages.map((m) => m.id));
      before = last.messages[0]!.id;
    }
    expect(last.hasOlder).toBe(false);
    expect(last.messages.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i}`));
    expect(seen).toEqual(ids);

    // The size asked for, up to its most; a cursor before the first message answers an empty page.
    const three = await page({ size: 3, before: ids[10]! });
    expect(three.messages.map((m) => m.id)).toEqual(ids.slice(7, 10));
    expect(three.hasOlder).toBe(true);
    const all = await page({ size: ASSISTANT_MESSAGES_PAGE_MAX });
    expect(all.messages.map((m) => m.id)).toEqual(ids);
    expect(all.hasOlder).toBe(false);
    expect(await page({ before: ids[0]! })).toMatchObject({ messages: [], hasOlder: false });
    // A short conversation is one page that has nothing older.
    expect(await page({ size: 130 })).toMatchObject({ hasOlder: false });
    expect(await page({ size: 129 })).toMatchObject({ hasOlder: true });
  });

  it('refuses a bad page size or cursor with 400 naming it', async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{ size: 0 }, 'size'],
      [{ size: ASSISTANT_MESSAGES_PAGE_MAX + 1 }, 'size'],
      [{ size: 'ten' }, 'size'],
      [{ size: '2.5' }, 'size'],
      [{ before: 0 }, 'before'],
      [{ before: -4 }, 'before'],
      [{ before: 'abc' }, 'before'],
      [{ before: '99999999999' }, 'before'],
    ];
    for (const [q, field] of bad) {
      expectParamError(await t.get(MESSAGES, { id: conversationId, ...q }, { token: token() }), field);
    }
  });

  it('answers 404, not 500, to a question into a conversation being removed, and stores nothing', async () => {
    const first = await ask(t, 'How many applications are there?', { token: token() });
    const id = first.of('start')[0]!.conversationId;
    const before = await t.db.db.selectFrom('assistantMessage').select('id').execute();
    // The removal holds the conversation (and deleted its messages) while the question comes in.
    const r = await whileHeld(
      t.db,
      async (trx) => {
        await trx.deleteFrom('assistantMessage').where('conversationId', '=', id).execute();
        await trx.deleteFrom('assistantConversation').where('id', '=', id).execute();
      },
      () => ask(t, 'And now?', { token: token(), conversationId: id }),
    );
    expect(r.envelope?.meta.code, r.envelope?.meta.message).toBe(404);
    const after = await t.db.db.selectFrom('assistantMessage').select('id').execute();
    expect(after.length).toBe(before.length - 2);
    expect(await t.db.db.selectFrom('assistantConversation').where('id', '=', id).select('id').execute()).toEqual([]);
  });

  it('answers a question whose messages a removal refused (a foreign key) with 404', async () => {
    const fk = Object.assign(new Error('violates foreign key constraint'), { code: '23503' });
    const repo = {
      transaction: (fn: (tx: never) => Promise<unknown>) => fn({} as never),
      lockQuestions: async () => undefined,
      lockConversation: async () => true,
      findConversation: async () => ({ id: 1, memberId: 1, title: 'x', createdAt: 0, updatedAt: 0 }),
      countQuestionsSince: async () => 0,
      insertMessage: () => Promise.reject(fk),
    } as unknown as AssistantRepository;
    const answerer = { name: 'embedded' } as AnswererImpl;
    const service = createAssistantService({
      repo,
      primary: answerer,
      embedded: answerer,
      ratePerMinute: 10,
      historyMessages: 0,
      clock,
      log: { error: () => undefined },
    });
    const refused = await service
      .accept({ id: 1, perms: new Set() }, 'en-US', { question: 'q', conversationId: 1 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(Code.NOT_FOUND);
  });
});
