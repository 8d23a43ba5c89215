import type { LocaleBundle } from '../../locales/types';

// The strings loaded with the application detail only (not the list, the first screen): the target-school choices
// (issue 40) and the notice of a save made elsewhere while the form has edits (decision 349).
export const applicationChoice = {
  'zh-TW': {
    application: {
      changedElsewhere: '您編輯期間，有人已儲存此申請。重新載入可看到對方的版本（未儲存的修改將遺失）。',
      f: {
        cycleId: '招生週期',
        route: '申請途徑',
        institutionCode: 'UCAS 院校代碼',
        subjectArea: '學科領域',
        decision: '校方決定',
        reply: '學生回覆',
      },
      choice: {
        cycle: '{{year}} 年入學',
        cycleDeadlines: '提前截止 {{early}}・平等考量 {{equal}}・最終截止 {{final}}（英國時間 {{time}}）',
        route: { ucas: 'UCAS', direct: '直接申請' },
        subject: { none: '其他學科', medicine: '醫學', dentistry: '牙醫', veterinary: '獸醫' },
        decision: {
          pending: '待決定',
          conditional: '有條件錄取',
          unconditional: '無條件錄取',
          unsuccessful: '未錄取',
          withdrawn: '已撤回',
        },
        reply: { firm: '首選（Firm）', insurance: '備選（Insurance）', declined: '婉拒' },
        codePlaceholder: '例如 O33',
      },
    },
  },
  'zh-CN': {
    application: {
      changedElsewhere: '您编辑期间，有人已保存此申请。重新加载可看到对方的版本（未保存的修改将丢失）。',
      f: {
        cycleId: '招生周期',
        route: '申请途径',
        institutionCode: 'UCAS 院校代码',
        subjectArea: '学科领域',
        decision: '校方决定',
        reply: '学生回复',
      },
      choice: {
        cycle: '{{year}} 年入学',
        cycleDeadlines: '提前截止 {{early}}・平等考量 {{equal}}・最终截止 {{final}}（英国时间 {{time}}）',
        route: { ucas: 'UCAS', direct: '直接申请' },
        subject: { none: '其他学科', medicine: '医学', dentistry: '牙医', veterinary: '兽医' },
        decision: {
          pending: '待决定',
          conditional: '有条件录取',
          unconditional: '无条件录取',
          unsuccessful: '未录取',
          withdrawn: '已撤回',
        },
        reply: { firm: '首选（Firm）', insurance: '备选（Insurance）', declined: '婉拒' },
        codePlaceholder: '例如 O33',
      },
    },
  },
  'en-US': {
    application: {
      changedElsewhere:
        'Someone else saved this application while you were editing. Reload to see their version (your unsaved edits will be lost).',
      f: {
        cycleId: 'Admissions cycle',
        route: 'Route',
        institutionCode: 'Institution code',
        subjectArea: 'Subject area',
        decision: 'Decision',
        reply: 'Reply',
      },
      choice: {
        cycle: '{{year}} entry',
        cycleDeadlines: 'Early {{early}} · equal consideration {{equal}} · final {{final}} ({{time}} UK time)',
        route: { ucas: 'UCAS', direct: 'Direct (PG)' },
        subject: { none: 'Other subject', medicine: 'Medicine', dentistry: 'Dentistry', veterinary: 'Veterinary' },
        decision: {
          pending: 'Pending',
          conditional: 'Conditional offer',
          unconditional: 'Unconditional offer',
          unsuccessful: 'Unsuccessful',
          withdrawn: 'Withdrawn',
        },
        reply: { firm: 'Firm', insurance: 'Insurance', declined: 'Declined' },
        codePlaceholder: 'e.g. O33',
      },
    },
  },
} satisfies LocaleBundle;
