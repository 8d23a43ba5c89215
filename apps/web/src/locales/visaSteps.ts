import type { Locale, VisaStageKind } from '@study-crm/shared';

// The Student visa checklist's steps by kind (issue 40), as the record's checklist and the visa stages screen name them.
export const visaStepNames = {
  'zh-TW': {
    offerMet: '錄取條件達成',
    casRequested: '申請 CAS',
    casIssued: 'CAS 已簽發',
    funds: '資金證明',
    tbTest: '肺結核檢測（如需）',
    visaApplied: '遞交簽證申請',
    decision: '簽證結果',
    travel: '出發',
    enrolled: '註冊入學',
  },
  'zh-CN': {
    offerMet: '录取条件达成',
    casRequested: '申请 CAS',
    casIssued: 'CAS 已签发',
    funds: '资金证明',
    tbTest: '肺结核检测（如需）',
    visaApplied: '递交签证申请',
    decision: '签证结果',
    travel: '出发',
    enrolled: '注册入学',
  },
  'en-US': {
    offerMet: 'Offer conditions met',
    casRequested: 'CAS requested',
    casIssued: 'CAS issued',
    funds: 'Financial evidence',
    tbTest: 'TB test (where required)',
    visaApplied: 'Visa applied',
    decision: 'Visa decision',
    travel: 'Travel',
    enrolled: 'Enrolled',
  },
} satisfies Record<Locale, Record<VisaStageKind, string>>;
