import type { Locale } from '@study-crm/shared';

// The embedded answerer's sentences in the three languages. Figures come in as numbers or already formatted
// text; data written by people (titles, names) is escaped for markdown by the caller.
export type Phrases = {
  applicationsAll: (total: number) => string;
  applicationsNone: string;
  applicationsSome: (n: number, names: string) => string;
  casNote: (status: string) => string;
  deadlinesIntro: (days: number, from: string, to: string) => string;
  deadlinesMeaning: string;
  deadlinesCounts: (todos: number, tasks: number) => string;
  deadlinesNone: (days: number) => string;
  todoDue: (when: string, title: string) => string;
  taskDue: (day: string, title: string, status: string) => string;
  andMore: (n: number) => string;
  paymentsIntro: string;
  paymentsNone: string;
  paymentsLine: (currency: string, collection: string, collections: number, refund: string, refunds: number) => string;
  feedbackCount: (n: number) => string;
  feedbackOldest: string;
  feedbackItem: (name: string, day: string) => string;
  tasksCount: (open: number, parts: string, overdue: number) => string;
  tasksNone: string;
  tasksNext: string;
  taskItem: (title: string, status: string, due: string | null) => string;
  taskStatus: Readonly<Record<string, string>>;
  denied: (what: string) => string;
  deniedWhat: Readonly<Record<'applications' | 'payments' | 'feedback', string>>;
  helpFound: (title: string) => string;
  helpWeak: string;
  helpNone: string;
  capabilities: string;
  canAnswer: Readonly<Record<'applications' | 'deadlines' | 'payments' | 'feedback' | 'tasks' | 'help', string>>;
  link: Readonly<Record<'applications' | 'payments' | 'feedback' | 'myTasks', string>>;
};

const zhTW: Phrases = {
  applicationsAll: (n) => `目前共有 **${n}** 件申請，依狀態：`,
  applicationsNone: '目前沒有任何申請。',
  applicationsSome: (n, names) => `目前有 **${n}** 件申請的狀態為${names}。`,
  casNote: (s) => `（CAS 在取得無條件錄取後才會核發，所以「等待 CAS」指狀態為「${s}」的申請。）`,
  deadlinesIntro: (d, from, to) => `未來 ${d} 天（${from} 至 ${to}）的截止日期：`,
  deadlinesMeaning:
    '這裡的截止日期是指您未完成的待辦事項（跟進項目以簽約日期為到期日轉成待辦）與指派給您的未完成任務的到期日。',
  deadlinesCounts: (a, b) => `共 **${a}** 項待辦、**${b}** 項任務到期。`,
  deadlinesNone: (d) => `未來 ${d} 天沒有到期的待辦或任務。`,
  todoDue: (w, t) => `${w} 待辦：${t}`,
  taskDue: (d, t, s) => `${d} 任務：${t}（${s}）`,
  andMore: (n) => `…另有 ${n} 項`,
  paymentsIntro: '待確認的付款，依幣別分列（不同幣別不相加）：',
  paymentsNone: '目前沒有待確認的付款。',
  paymentsLine: (c, a, n, r, m) => `${c}：收款 **${a}**（${n} 筆），退款 **${r}**（${m} 筆）`,
  feedbackCount: (n) => (n ? `目前有 **${n}** 則意見回饋尚未回覆。` : '目前沒有尚未回覆的意見回饋。'),
  feedbackOldest: '最早的幾則：',
  feedbackItem: (name, d) => `${name}（${d}）`,
  tasksCount: (n, parts, o) => `您有 **${n}** 項未完成的任務：${parts}；其中 **${o}** 項已逾期。`,
  tasksNone: '目前沒有指派給您的未完成任務。',
  tasksNext: '依到期日排序：',
  taskItem: (t, s, d) => `${t}（${s}${d ? `，${d} 到期` : ''}）`,
  taskStatus: { todo: '待辦', doing: '進行中', review: '待審核' },
  denied: (w) => `您沒有${w}的權限，所以我無法提供這方面的數字。`,
  deniedWhat: { applications: '查看申請列表', payments: '查看付款記錄', feedback: '查看意見回饋' },
  helpFound: (t) => `這在「**${t}**」畫面操作：`,
  helpWeak: '我無法確定您要找的是什麼，以下是最接近的說明卡：',
  helpNone: '抱歉，這個問題我無法準確回答。',
  capabilities: '我是小K，可以回答：',
  canAnswer: {
    applications: '各狀態的申請數量（例如「有多少申請在等待 CAS？」）',
    deadlines: '未來幾天的截止日期（例如「未來 14 天有哪些截止日期？」）',
    payments: '各幣別待確認的付款金額',
    feedback: '尚未回覆的意見回饋',
    tasks: '您的任務',
    help: '「如何…」的操作問題，例如「如何新增付款記錄？」',
  },
  link: { applications: '申請列表', payments: '付款記錄', feedback: '意見回饋', myTasks: '我的任務' },
};

const zhCN: Phrases = {
  applicationsAll: (n) => `目前共有 **${n}** 件申请，按状态：`,
  applicationsNone: '目前没有任何申请。',
  applicationsSome: (n, names) => `目前有 **${n}** 件申请的状态为${names}。`,
  casNote: (s) => `（CAS 在取得无条件录取后才会签发，所以“等待 CAS”指状态为“${s}”的申请。）`,
  deadlinesIntro: (d, from, to) => `未来 ${d} 天（${from} 至 ${to}）的截止日期：`,
  deadlinesMeaning:
    '这里的截止日期是指您未完成的待办事项（跟进项目以签约日期为到期日转成待办）与指派给您的未完成任务的到期日。',
  deadlinesCounts: (a, b) => `共 **${a}** 项待办、**${b}** 项任务到期。`,
  deadlinesNone: (d) => `未来 ${d} 天没有到期的待办或任务。`,
  todoDue: (w, t) => `${w} 待办：${t}`,
  taskDue: (d, t, s) => `${d} 任务：${t}（${s}）`,
  andMore: (n) => `…另有 ${n} 项`,
  paymentsIntro: '待确认的付款，按币种分列（不同币种不相加）：',
  paymentsNone: '目前没有待确认的付款。',
  paymentsLine: (c, a, n, r, m) => `${c}：收款 **${a}**（${n} 笔），退款 **${r}**（${m} 笔）`,
  feedbackCount: (n) => (n ? `目前有 **${n}** 条意见反馈尚未回复。` : '目前没有尚未回复的意见反馈。'),
  feedbackOldest: '最早的几条：',
  feedbackItem: (name, d) => `${name}（${d}）`,
  tasksCount: (n, parts, o) => `您有 **${n}** 项未完成的任务：${parts}；其中 **${o}** 项已逾期。`,
  tasksNone: '目前没有指派给您的未完成任务。',
  tasksNext: '按到期日排序：',
  taskItem: (t, s, d) => `${t}（${s}${d ? `，${d} 到期` : ''}）`,
  taskStatus: { todo: '待办', doing: '进行中', review: '待审核' },
  denied: (w) => `您没有${w}的权限，所以我无法提供这方面的数字。`,
  deniedWhat: { applications: '查看申请列表', payments: '查看付款记录', feedback: '查看意见反馈' },
  helpFound: (t) => `这在“**${t}**”页面操作：`,
  helpWeak: '我无法确定您要找的是什么，以下是最接近的说明卡：',
  helpNone: '抱歉，这个问题我无法准确回答。',
  capabilities: '我是小K，可以回答：',
  canAnswer: {
    applications: '各状态的申请数量（例如“有多少申请在等待 CAS？”）',
    deadlines: '未来几天的截止日期（例如“未来 14 天有哪些截止日期？”）',
    payments: '各币种待确认的付款金额',
    feedback: '尚未回复的意见反馈',
    tasks: '您的任务',
    help: '“如何…”的操作问题，例如“如何新增付款记录？”',
  },
  link: { applications: '申请列表', payments: '付款记录', feedback: '意见反馈', myTasks: '我的任务' },
};

const enUS: Phrases = {
  applicationsAll: (n) => `There are **${n}** applications in all, by status:`,
  applicationsNone: 'There are no applications yet.',
  applicationsSome: (n, names) => `**${n}** ${n === 1 ? 'application has' : 'applications have'} the status ${names}.`,
  casNote: (s) =>
    `(A CAS is issued once the offer is unconditional, so "waiting for a CAS" means the applications with the status "${s}".)`,
  deadlinesIntro: (d, from, to) => `Deadlines in the next ${d} ${d === 1 ? 'day' : 'days'} (${from} to ${to}):`,
  deadlinesMeaning:
    'Deadlines here are the due dates of your open to-dos (follow-up items become to-dos due on their contract date) and of the open tasks assigned to you.',
  deadlinesCounts: (a, b) =>
    `**${a}** ${a === 1 ? 'to-do' : 'to-dos'} and **${b}** ${b === 1 ? 'task' : 'tasks'} are due.`,
  deadlinesNone: (d) => `Nothing of yours is due in the next ${d} ${d === 1 ? 'day' : 'days'}.`,
  todoDue: (w, t) => `${w} to-do: ${t}`,
  taskDue: (d, t, s) => `${d} task: ${t} (${s})`,
  andMore: (n) => `…and ${n} more`,
  paymentsIntro: 'Payments pending confirmation, per currency (currencies are never added together):',
  paymentsNone: 'No payment is pending confirmation.',
  paymentsLine: (c, a, n, r, m) =>
    `${c}: collections **${a}** (${n} ${n === 1 ? 'record' : 'records'}), refunds **${r}** (${m} ${m === 1 ? 'record' : 'records'})`,
  feedbackCount: (n) =>
    n
      ? `**${n}** feedback ${n === 1 ? 'message waits' : 'messages wait'} for an answer.`
      : 'No feedback is waiting for an answer.',
  feedbackOldest: 'The oldest:',
  feedbackItem: (name, d) => `${name} (${d})`,
  tasksCount: (n, parts, o) => `You have **${n}** open ${n === 1 ? 'task' : 'tasks'}: ${parts}; **${o}** overdue.`,
  tasksNone: 'No open task is assigned to you.',
  tasksNext: 'By due date:',
  taskItem: (t, s, d) => `${t} (${s}${d ? `, due ${d}` : ''})`,
  taskStatus: { todo: 'to do', doing: 'in progress', review: 'in review' },
  denied: (w) => `You do not have permission to ${w}, so I cannot give these figures.`,
  deniedWhat: { applications: 'see the application list', payments: 'see payment records', feedback: 'see feedback' },
  helpFound: (t) => `This is done on the **${t}** screen:`,
  helpWeak: 'I am not sure what you are looking for; these help cards come closest:',
  helpNone: 'Sorry, I cannot answer that exactly.',
  capabilities: 'I am XiaoK. I can answer:',
  canAnswer: {
    applications: 'applications by status (e.g. "How many applications are waiting for a CAS?")',
    deadlines: 'deadlines in the next days (e.g. "What deadlines are in the next 14 days?")',
    payments: 'payments pending confirmation, per currency',
    feedback: 'feedback waiting for an answer',
    tasks: 'your tasks',
    help: '"how do I…" questions, e.g. "How do I add a payment record?"',
  },
  link: { applications: 'Application list', payments: 'Payment records', feedback: 'Feedback', myTasks: 'My tasks' },
};

export const PHRASES: Readonly<Record<Locale, Phrases>> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };
