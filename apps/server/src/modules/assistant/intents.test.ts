import { expect, it } from 'vitest';
import { classify, parseDays } from './intents.js';
import { engineFree } from '../../test/engine.js';

engineFree.describe('the embedded answerer understands', () => {
  it('numbers of days in three languages', () => {
    const cases: [string, number | null][] = [
      ['deadlines in the next 14 days', 14],
      ['未來14天', 14],
      ['未来 30 天内', 30],
      ['接下來十四天', 14],
      ['兩週內', 14],
      ['两周', 14],
      ['3 weeks', 21],
      ['一個月內', 30],
      ['this week', 7],
      ['本週', 7],
      ['next week', 14],
      ['tomorrow', 1],
      ['明天', 1],
      ['within 999 days', 90],
      ['soon', null],
    ];
    for (const [text, days] of cases) expect(parseDays(text), text).toBe(days);
  });

  it('what a question asks for, whatever the language', () => {
    const cases: [string, string][] = [
      ['How many applications are waiting for a CAS?', 'applications'],
      ['有多少申請在等待 CAS？', 'applications'],
      ['多少个学生拿到录取', 'applications'],
      ['What deadlines are in the next 14 days?', 'deadlines'],
      ['我的任務有哪些快到期？', 'deadlines'],
      ['pending payments total', 'payments'],
      ['待确认的付款', 'payments'],
      ['How many feedback messages are unanswered?', 'feedback'],
      ['未回覆的留言', 'feedback'],
      ['What are my tasks?', 'tasks'],
      ['我的任务', 'tasks'],
      ['How do I add a payment record?', 'help'],
      ['如何新增付款記錄？', 'help'],
      ['怎么回复反馈', 'help'],
      ['what can you do?', 'capabilities'],
      ['你好', 'capabilities'],
      ['What is the weather?', 'help'],
    ];
    for (const [q, kind] of cases) expect(classify(q).kind, q).toBe(kind);
    expect(classify('deadlines in the next 3 weeks')).toEqual({ kind: 'deadlines', days: 21 });
    expect(classify('any deadlines?')).toEqual({ kind: 'deadlines', days: 7 });
  });
});
