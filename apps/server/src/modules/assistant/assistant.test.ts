import { beforeAll, describe, expect, it } from 'vitest';
import { PERM, type ConversationMessages, type Page, type Conversation } from '@study-crm/shared';
import { testClock } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { staffWith } from '../../test/application-fixtures.js';
import { ask, CHAT_URL, seedApplications } from '../../test/assistant-fixtures.js';
import { seedProjectTasks, type TaskSeed } from '../../test/task-fixtures.js';
import { insertPayments } from '../../test/rows.js';

const DAY = 86_400_000;
// 2026-11-22 09:00 UTC.
const clock = testClock();
const NOW = clock.now();
const APPS = '/applicationManage/applicationList';
const CAS_PATH = `${APPS}?f.status=offer_unconditional`;

describe('XiaoK, the embedded answerer on seeded data', () => {
  // ROLE_XKPENDING requires two-factor sign-in, for the pending member below.
  const t = useTestApp({
    signIn: true,
    clock,
    env: { DELIVERY_WORKER: 'off', ASSISTANT_RATE_PER_MINUTE: '1000', TWO_FACTOR_ROLES: 'ROLE_XKPENDING' },
  });
  const admin = () => t.admin.token;

  beforeAll(async () => {
    const db = t.db.db;
    const statuses = [
      ...Array<string>(3).fill('offer_unconditional'),
      ...Array<string>(2).fill('offer_conditional'),
      ...Array<string>(4).fill('submitted'),
      'enrolled',
      'draft',
    ];
    const [firstApp] = await seedApplications(db, statuses, NOW);
    await insertPayments(db, { applicationId: firstApp!, student: '學生0', date: '2026-11-20', now: NOW }, [
      [100025, 'GBP', 'collection', 'pending'],
      [20025, 'GBP', 'collection', 'pending'],
      [5025, 'GBP', 'refund', 'pending'],
      [99900, 'GBP', 'collection', 'confirmed'],
      [77700, 'GBP', 'collection', 'voided'],
      [30000, 'JPY', 'collection', 'pending'],
    ]);
    const fb = (name: string, status: 'open' | 'answered', daysAgo: number) => ({
      name,
      content: 'When is the deadline?',
      locale: 'en-US',
      status,
      createdAt: NOW - daysAgo * DAY,
    });
    await db
      .insertInto('feedback')
      .values([
        fb('Parent A', 'open', 5),
        fb('Parent B', 'open', 3),
        fb('Parent C', 'open', 1),
        fb('Parent D', 'open', 0),
        fb('Parent E', 'answered', 2),
        fb('Parent F', 'answered', 9),
      ])
      .execute();

    const me = t.admin.mid;
    const task = (title: string, status: TaskSeed['status'], dueDate: string, assigneeId: number | null = me) => ({
      title,
      assigneeId,
      status,
      dueDate,
      doneAt: status === 'done' ? NOW : null,
    });
    await seedProjectTasks(db, 'Cohort', NOW, [
      task('Check personal statement', 'todo', '2026-11-25'),
      task('Book IELTS', 'doing', '2026-12-01'),
      task('Review CAS documents', 'review', '2026-12-20'),
      task('Overdue call', 'todo', '2026-11-20'),
      task('Finished', 'done', '2026-11-23'),
      task('Not mine', 'todo', '2026-11-24', null),
    ]);
    const todo = (title: string, dueAt: number | null, done: 0 | 1 = 0) => ({
      memberId: me,
      kind: 'followUp',
      title,
      link: '/applicationManage/userFollow?id=1',
      dueAt,
      done,
      createdAt: NOW,
      updatedAt: NOW,
    });
    await db
      .insertInto('memberTodo')
      .values([
        todo('Visa appointment', NOW + 2 * DAY),
        todo('Deposit due', NOW + 10 * DAY),
        todo('Was due', NOW - 3_600_000),
        todo('Done already', NOW + DAY, 1),
        todo('No date', null),
      ])
      .execute();
  });

  const expectLink = (r: Awaited<ReturnType<typeof ask>>, path: string) =>
    expect(r.of('links').flatMap((l) => l.links.map((x) => x.path))).toContain(path);

  it('counts the applications waiting for a CAS (unconditional offers) in three languages, with the filtered list', async () => {
    // The status name links to the application list filtered by it.
    const cases: [string, string, string][] = [
      [
        'en-US',
        'How many applications are waiting for a CAS?',
        `**3** applications have the status "[Unconditional offer](${CAS_PATH})".`,
      ],
      ['zh-TW', '有多少申請在等待 CAS？', `目前有 **3** 件申請的狀態為「[無條件錄取](${CAS_PATH})」。`],
      ['zh-CN', '有多少申请在等CAS？', `目前有 **3** 件申请的状态为“[无条件录取](${CAS_PATH})”。`],
    ];
    for (const [locale, question, answer] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      expect(r.contentType).toMatch(/^text\/event-stream/);
      expect(r.of('start')[0]).toMatchObject({ answerer: 'embedded' });
      expect(r.text).toContain(answer);
      expectLink(r, CAS_PATH);
      expect(r.of('done')).toHaveLength(1);
    }
  });

  it('gives every status with its count and link when no status is named', async () => {
    const r = await ask(t, 'How many applications are there?', { token: admin() });
    expect(r.text).toContain('There are **11** applications in all');
    expect(r.text).toContain(`[Submitted](${APPS}?f.status=submitted): **4**`);
    expect(r.text).toContain(`[Conditional offer](${APPS}?f.status=offer_conditional): **2**`);
    expect(r.text).toContain(`[Draft](${APPS}?f.status=draft): **1**`);
    const offers = await ask(t, '錄取的申請有幾件？', { token: admin(), locale: 'zh-TW' });
    expect(offers.text).toContain('**5**');
  });

  it('lists the deadlines of the next N days (own to-dos and tasks) and says what a deadline is', async () => {
    const cases: [string, string, string, string][] = [
      [
        'en-US',
        'What deadlines are in the next 14 days?',
        'Deadlines in the next 14 days (2026-11-22 to 2026-12-06)',
        '**2** to-dos and **2** tasks are due',
      ],
      [
        'zh-TW',
        '未來 14 天有哪些截止日期？',
        '未來 14 天（2026-11-22 至 2026-12-06）',
        '共 **2** 項待辦、**2** 項任務到期',
      ],
      [
        'zh-CN',
        '未来两周有哪些到期的事项？',
        '未来 14 天（2026-11-22 至 2026-12-06）',
        '共 **2** 项待办、**2** 项任务到期',
      ],
    ];
    for (const [locale, question, intro, counts] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      expect(r.text).toContain(intro);
      expect(r.text).toContain(counts);
      expect(r.text).toContain('Visa appointment');
      expect(r.text).toContain('Book IELTS');
      expect(r.text).not.toContain('Was due');
      expect(r.text).not.toContain('Not mine');
    }
    const week = await ask(t, 'anything due this week?', { token: admin() });
    expect(week.text).toContain('**1** to-do and **1** task are due');
    expect(week.text).toContain('[Visa appointment](/applicationManage/userFollow?id=1)');
    expectLink(week, '/user/tasks');
  });

  it('sums the payments pending confirmation per currency, two decimals, never across currencies', async () => {
    const cases: [string, string, string][] = [
      [
        'en-US',
        'What is the total of pending payments?',
        'collections **GBP 1,200.50** (2 records), refunds **GBP 50.25** (1 record)',
      ],
      ['zh-TW', '待確認的付款總額是多少？', '收款 **GBP 1,200.50**（2 筆），退款 **GBP 50.25**（1 筆）'],
      ['zh-CN', '待确认的付款一共多少钱？', '收款 **GBP 1,200.50**（2 笔），退款 **GBP 50.25**（1 笔）'],
    ];
    for (const [locale, question, gbp] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      expect(r.text).toContain(gbp);
      expect(r.text).toContain('**JPY 30,000**');
      expect(r.text).not.toContain('999');
      expectLink(r, '/transactionsManage/transactions?f.status=pending&f.currency=GBP');
    }
  });

  it('counts the feedback waiting for an answer, oldest first, with links to each', async () => {
    const cases: [string, string, string][] = [
      ['en-US', 'How many feedback messages are unanswered?', '**4** feedback messages wait for an answer.'],
      ['zh-TW', '有多少意見回饋還沒回覆？', '目前有 **4** 則意見回饋尚未回覆。'],
      ['zh-CN', '还有多少反馈没有回复？', '目前有 **4** 条意见反馈尚未回复。'],
    ];
    for (const [locale, question, answer] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      expect(r.text).toContain(answer);
      expect(r.text.indexOf('Parent A')).toBeLessThan(r.text.indexOf('Parent D'));
      expect(r.text).not.toContain('Parent E');
      expectLink(r, '/feedbackManage/feedback?f.state=open');
    }
  });

  it("gives the caller's own open tasks by status, overdue and by due date", async () => {
    const cases: [string, string, string][] = [
      ['en-US', 'What are my tasks?', 'You have **4** open tasks: to do 2, in progress 1, in review 1; **1** overdue.'],
      ['zh-TW', '我的任務有哪些？', '您有 **4** 項未完成的任務：待辦 2、進行中 1、待審核 1；其中 **1** 項已逾期。'],
      ['zh-CN', '我的任务', '您有 **4** 项未完成的任务：待办 2、进行中 1、待审核 1；其中 **1** 项已逾期。'],
    ];
    for (const [locale, question, answer] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      expect(r.text).toContain(answer);
      expect(r.text.indexOf('Overdue call')).toBeLessThan(r.text.indexOf('Review CAS documents'));
      expect(r.text).not.toContain('Not mine');
    }
  });

  it('tells a member whose required second factor is not set up none of their tasks, but their to-dos (decision 335)', async () => {
    const db = t.db.db;
    const pendingId = await staffWith(t, 'xkpending', []);
    await seedProjectTasks(db, 'Pending', NOW, [
      { title: 'Hidden task', assigneeId: pendingId, status: 'todo', dueDate: '2026-11-20' },
      { title: 'Hidden soon', assigneeId: pendingId, status: 'doing', dueDate: '2026-11-25' },
    ]);
    await db
      .insertInto('memberTodo')
      .values({
        memberId: pendingId,
        kind: 'followUp',
        title: 'Pending visa call',
        link: null,
        dueAt: NOW + DAY,
        done: 0,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .execute();
    const { token } = await t.login('xkpending', 'Staff#2026pass');
    const mine = await ask(t, 'What are my tasks?', { token });
    expect(mine.text).toBe('No open task is assigned to you.');
    expect(mine.text).not.toContain('Hidden');
    const due = await ask(t, 'What deadlines are in the next 14 days?', { token });
    expect(due.text).toContain('**1** to-do and **0** tasks are due');
    expect(due.text).toContain('Pending visa call');
    expect(due.text).not.toContain('Hidden');
  });

  it('finds the payment records card first for "how do I add a payment record?" in three languages', async () => {
    const cases: [string, string, string, string, string][] = [
      [
        'en-US',
        'How do I add a payment record?',
        'This is done on the **Payment records** screen:',
        'Payment records',
        'click "Add payment"',
      ],
      ['zh-TW', '如何新增付款記錄？', '這在「**付款記錄**」畫面操作：', '付款記錄', '按「新增付款」'],
      ['zh-CN', '怎么添加付款记录？', '这在“**付款记录**”页面操作：', '付款记录', '点击“新增付款”'],
    ];
    for (const [locale, question, answer, title, step] of cases) {
      const r = await ask(t, question, { token: admin(), locale });
      // The card's own lines are the answer, its screen the link; other cards found go along as related help.
      expect(r.text).toContain(answer);
      expect(r.text).toContain(step);
      expect(r.of('links')).toEqual([{ links: [{ label: title, path: '/transactionsManage/transactions' }] }]);
      expect(r.of('cards')[0]!.cards.map((c) => c.id)).not.toContain('transactions');
    }
  });

  it('says when it cannot answer, invents nothing, and offers the closest cards or what it can do', async () => {
    const r = await ask(t, 'What is the weather in London tomorrow?', { token: admin() });
    expect(r.text).toContain('Sorry, I cannot answer that exactly.');
    expect(r.text).toContain('I can answer:');
    // No figure at all (figures are written in bold).
    expect(r.text).not.toContain('**');
    expect(r.of('cards')).toEqual([]);
    const weak = await ask(t, 'something about templates and tags and the moon', { token: admin() });
    expect(weak.text).toContain('these help cards come closest');
    expect(weak.of('cards')[0]!.cards.length).toBeGreaterThan(0);
  });

  it('gives no figure of a list the member may not open, and no help card of its screen', async () => {
    await staffWith(t, 'xkapps', [PERM.applicationList]);
    const { token } = await t.login('xkapps', 'Staff#2026pass');
    const pay = await ask(t, 'What is the total of pending payments?', { token });
    expect(pay.text).toBe('You do not have permission to see payment records, so I cannot give these figures.');
    expect(pay.text).not.toMatch(/GBP|JPY|1,200/);
    const zh = await ask(t, '待確認的付款總額是多少？', { token, locale: 'zh-TW' });
    expect(zh.text).toBe('您沒有查看付款記錄的權限，所以我無法提供這方面的數字。');
    const fb = await ask(t, 'How many feedback messages are unanswered?', { token });
    expect(fb.text).not.toContain('4');
    const help = await ask(t, 'How do I add a payment record?', { token });
    expect(help.of('cards').flatMap((c) => c.cards.map((x) => x.id))).not.toContain('transactions');
    expect(help.of('links').flatMap((l) => l.links.map((x) => x.path))).not.toContain(
      '/transactionsManage/transactions',
    );
    const cas = await ask(t, 'How many applications are waiting for a CAS?', { token });
    expect(cas.text).toContain('**3**');
    const what = await ask(t, 'what can you do?', { token });
    expect(what.text).not.toContain('payments pending');
  });

  it('keeps the conversation: history, links and cards stored, the newest conversation first', async () => {
    const first = await ask(t, 'How many applications are waiting for a CAS?', { token: admin() });
    const { conversationId, messageId } = first.of('start')[0]!;
    const second = await ask(t, 'How do I add a payment record?', { token: admin(), conversationId });
    expect(second.of('start')[0]!.conversationId).toBe(conversationId);
    const view = await t.get<ConversationMessages>(
      `${CHAT_URL}/conversations/messages`,
      { id: conversationId },
      { token: admin() },
    );
    expect(view.meta.code).toBe(200);
    expect(view.data.conversation.title).toBe('How many applications are waiting for a CAS?');
    expect(view.data.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'ok'],
      ['assistant', 'ok'],
      ['user', 'ok'],
      ['assistant', 'ok'],
    ]);
    const answer = view.data.messages[1]!;
    expect(answer).toMatchObject({ id: messageId, answerer: 'embedded', errorCode: null });
    expect(answer.content).toBe(first.text);
    expect(answer.links.map((l) => l.path)).toContain(CAS_PATH);
    expect(view.data.messages[3]!.links[0]!.path).toBe('/transactionsManage/transactions');
    const list = await t.get<Page<Conversation>>(`${CHAT_URL}/conversations`, { pageSize: 2 }, { token: admin() });
    expect(list.data.list[0]!.id).toBe(conversationId);
    expect(list.data.total).toBeGreaterThan(2);
  });

  it("answers 404 for another member's conversation: no reading, asking into, or removing it", async () => {
    const mine = (await ask(t, 'What are my tasks?', { token: admin() })).of('start')[0]!.conversationId;
    await staffWith(t, 'xkother', []);
    const { token } = await t.login('xkother', 'Staff#2026pass');
    const into = await ask(t, 'What are my tasks?', { token, conversationId: mine });
    expect(into.envelope?.meta.code).toBe(404);
    expect((await t.get(`${CHAT_URL}/conversations/messages`, { id: mine }, { token })).meta.code).toBe(404);
    expect((await t.post(`${CHAT_URL}/conversations/remove`, { id: mine }, { token })).meta.code).toBe(404);
    const theirs = await t.get<Page<Conversation>>(`${CHAT_URL}/conversations`, {}, { token });
    expect(theirs.data.list.map((c) => c.id)).not.toContain(mine);
    // Still there for its owner, who may remove it.
    expect((await t.get(`${CHAT_URL}/conversations/messages`, { id: mine }, { token: admin() })).meta.code).toBe(200);
    expect((await t.post(`${CHAT_URL}/conversations/remove`, { id: mine }, { token: admin() })).meta.code).toBe(200);
    expect((await t.get(`${CHAT_URL}/conversations/messages`, { id: mine }, { token: admin() })).meta.code).toBe(404);
  });

  it("records a conversation's removal in the audit log without its question (the title): only what changed", async () => {
    const id = (await ask(t, 'Quarterly plan for Ptolemy', { token: admin() })).of('start')[0]!.conversationId;
    expect((await t.post(`${CHAT_URL}/conversations/remove`, { id }, { token: admin() })).meta.code).toBe(200);
    const entry = await t.db.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'removeConversation')
      .where('recordId', '=', id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ module: 'assistant', recordType: 'assistantConversation', outcome: 'ok' });
    expect(entry.changes).not.toContain('Ptolemy');
    expect(JSON.parse(entry.changes!)).toContainEqual({ id, field: 'title', secret: true });
  });

  it('refuses bad questions before streaming, naming the field (400), and callers without a session (401)', async () => {
    const bad: [string | null, Record<string, string>, string][] = [
      [null, {}, 'question'],
      ['   ', {}, 'question'],
      ['x'.repeat(501), {}, 'question'],
      ['a\u0000b', {}, 'question'],
      ['hello', { conversationId: 'abc' }, 'conversationId'],
      ['hello', { conversationId: '99999999999' }, 'conversationId'],
    ];
    for (const [question, extra, field] of bad) {
      const r = await ask(t, question, { token: admin(), extra });
      expect(r.contentType).toMatch(/application\/json/);
      expect(r.envelope?.meta.code).toBe(400);
      expect(r.envelope?.meta.message).toContain(field);
    }
    const anon = await ask(t, 'hello', { token: '' });
    expect(anon.envelope?.meta.code).toBe(401);
  });

  it('never writes the question into a log line', async () => {
    await ask(t, 'Secret question about Zebedee', { token: admin() });
    expect(t.logs.join('\n')).not.toContain('Zebedee');
  });
});

describe('XiaoK rate limit', () => {
  const rateClock = testClock();
  const t = useTestApp({ signIn: true, clock: rateClock, env: { ASSISTANT_RATE_PER_MINUTE: '3' } });

  it('refuses the member past the limit of questions a minute (7801, localised), until the minute has passed', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(t, 'hello', { token: t.admin.token })).of('done')).toHaveLength(1);
    const over = await ask(t, 'hello', { token: t.admin.token });
    expect(over.envelope?.meta).toEqual({
      code: 7801,
      message: 'Too many questions: at most 3 a minute, please try again shortly [7801]',
    });
    const zh = await ask(t, 'hello', { token: t.admin.token, locale: 'zh-TW' });
    expect(zh.envelope?.meta.message).toBe('提問太頻繁：每分鐘最多 3 個問題，請稍後再試 [7801]');
    // Another member has their own limit.
    await staffWith(t, 'xkrate', []);
    const other = await t.login('xkrate', 'Staff#2026pass');
    expect((await ask(t, 'hello', { token: other.token })).of('done')).toHaveLength(1);
    rateClock.advance(61_000);
    expect((await ask(t, 'hello', { token: t.admin.token })).of('done')).toHaveLength(1);
  });

  it('lets exactly the limit through when one member asks many questions at once', async () => {
    await staffWith(t, 'xkburst', []);
    const { token } = await t.login('xkburst', 'Staff#2026pass');
    const all = await Promise.all(Array.from({ length: 8 }, () => ask(t, 'hello', { token })));
    expect(all.filter((r) => r.of('done').length === 1)).toHaveLength(3);
    expect(all.filter((r) => r.envelope?.meta.code === 7801)).toHaveLength(5);
  });
});
