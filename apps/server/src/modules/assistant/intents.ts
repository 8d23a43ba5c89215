import { DEADLINE_DAYS_DEFAULT, DEADLINE_DAYS_MAX } from './data.js';

// What the embedded answerer understood a question to ask. Data questions are answered with exact figures;
// "how do I …" questions, and anything else, go to the help cards.
export type Intent =
  | { kind: 'applications' }
  | { kind: 'deadlines'; days: number }
  | { kind: 'payments' }
  | { kind: 'feedback' }
  | { kind: 'tasks' }
  | { kind: 'capabilities' }
  | { kind: 'help' };

type DataKind = 'applications' | 'deadlines' | 'payments' | 'feedback' | 'tasks';

// Topic words per intent, in zh-TW, zh-CN and en-US (questions are folded to lower case and half-width first).
// Latin words match whole words (with a plural s); Chinese words anywhere.
const TOPICS: Readonly<Record<DataKind, readonly string[]>> = {
  deadlines: [
    'deadline',
    'due',
    'overdue',
    'expire',
    'expiring',
    'due date',
    'due soon',
    'upcoming',
    '截止',
    '到期',
    '期限',
    '快到期',
    '即將到期',
    '即将到期',
    '逾期',
    '過期',
    '过期',
    'ddl',
  ],
  feedback: [
    'feedback',
    'complaint',
    'unanswered',
    'unreplied',
    'reply',
    'replies',
    '回饋',
    '回馈',
    '反饋',
    '反馈',
    '意見',
    '意见',
    '留言',
    '投訴',
    '投诉',
    '未回覆',
    '未回复',
    '待回覆',
    '待回复',
  ],
  payments: [
    'payment',
    'paid',
    'pay',
    'collection',
    'refund',
    'money',
    'amount',
    'transaction',
    'unconfirmed',
    'receivable',
    '付款',
    '收款',
    '退款',
    '款項',
    '款项',
    '金額',
    '金额',
    '交易',
    '帳款',
    '账款',
    '應收',
    '应收',
    '待確認',
    '待确认',
    '未確認',
    '未确认',
  ],
  tasks: ['task', 'my task', 'kanban', '任務', '任务', '工作項', '工作项', '看板'],
  applications: [
    'application',
    'applicant',
    'case',
    'cas',
    'offer',
    'enrolled',
    'enrolment',
    'student',
    '申請',
    '申请',
    '個案',
    '个案',
    '案件',
    '錄取',
    '录取',
    '入學',
    '入学',
    '學生',
    '学生',
  ],
};

// "How do I …", "where can I …": a question about using the portal ("how many" is not one).
const HOW_TO = [
  /\bhow (do|does|can|could|should|would) (i|we|you|one)\b/,
  /\bhow to\b/,
  /\bwhere (do|can|is|are|should)\b/,
  /\b(steps?|guide|tutorial|instructions?) (to|for)\b/,
  /怎麼|怎么|如何|怎樣|怎样|在哪|哪裡可以|哪里可以|步驟|步骤|教我|怎麽/,
];
const CAPABILITIES = [
  /^(hi|hello|hey|help|你好|您好|哈囉|哈啰|嗨|在嗎|在吗)[\s!！?？.。]*$/,
  /what can you (do|answer)|what do you know|who are you|你(能|會|会|可以)(做|回答|幫|帮)|你是誰|你是谁|能做什麼|能做什么/,
];

const CN_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  一: 1,
  二: 2,
  兩: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  半: 0.5,
};
// Chinese numerals up to 99 ("十四", "二十", "三十一", "兩").
function chineseNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (text.includes('十')) {
    const [tens, ones] = text.split('十');
    const t = tens ? CN_DIGITS[tens] : 1;
    const o = ones ? CN_DIGITS[ones] : 0;
    return t === undefined || o === undefined ? null : t * 10 + o;
  }
  return text.length === 1 ? (CN_DIGITS[text] ?? null) : null;
}

const NUM = '(\\d{1,3}|[零一二兩两三四五六七八九十半]{1,3})';
// "next 14 days", "14天內", "兩週", "3 weeks", "一個月", "this week", "明天": the number of days asked about.
export function parseDays(text: string): number | null {
  const clamp = (n: number) => Math.min(Math.max(Math.round(n), 1), DEADLINE_DAYS_MAX);
  const unit = (re: RegExp, per: number) => {
    const m = re.exec(text);
    const n = m?.[1] ? chineseNumber(m[1]) : null;
    return n === null ? null : clamp(n * per);
  };
  return (
    unit(new RegExp(`${NUM}\\s*(?:days?|天|日)`), 1) ??
    unit(new RegExp(`${NUM}\\s*(?:weeks?|週|周|星期|個星期|个星期|个礼拜|個禮拜|礼拜|禮拜)`), 7) ??
    unit(new RegExp(`${NUM}\\s*(?:months?|個月|个月|月)`), 30) ??
    (/\b(tomorrow)\b|明天|明日/.test(text) ? 1 : null) ??
    (/\b(today)\b|今天|今日/.test(text) ? 1 : null) ??
    (/\bnext week\b|下週|下周|下星期|下個星期|下个星期/.test(text) ? 14 : null) ??
    (/\b(this|a) week\b|本週|本周|這週|这周|這星期|这星期|一週|一周/.test(text) ? 7 : null) ??
    (/\b(this|a|next) month\b|本月|這個月|这个月|下個月|下个月/.test(text) ? 30 : null)
  );
}

export const foldQuestion = (q: string) => q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function hits(text: string, words: readonly string[]): number {
  let n = 0;
  for (const w of words) {
    if (/^[a-z ]+$/.test(w) ? new RegExp(`\\b${w}s?\\b`).test(text) : text.includes(w)) n++;
  }
  return n;
}

// Deadlines win over the things that have them (tasks, to-dos), and feedback over "reply"/"pending" in payments.
const PRIORITY: readonly DataKind[] = ['deadlines', 'feedback', 'payments', 'tasks', 'applications'];

export function classify(question: string): Intent {
  const text = foldQuestion(question);
  if (CAPABILITIES.some((re) => re.test(text))) return { kind: 'capabilities' };
  if (HOW_TO.some((re) => re.test(text))) return { kind: 'help' };
  let best: DataKind | null = null;
  let bestHits = 0;
  for (const kind of PRIORITY) {
    const n = hits(text, TOPICS[kind]);
    if (kind === 'deadlines' && n > 0) return { kind, days: parseDays(text) ?? DEADLINE_DAYS_DEFAULT };
    if (n > bestHits) {
      best = kind;
      bestHits = n;
    }
  }
  if (!best) return { kind: 'help' };
  return best === 'deadlines' ? { kind: best, days: parseDays(text) ?? DEADLINE_DAYS_DEFAULT } : { kind: best };
}
