import { DICT_TYPES } from '@study-crm/shared';
import type { Db } from '../db/database.js';

// [value, Chinese (traditional) name, English name, colour?]
type Entry = readonly [string, string, string, string?];

const T = DICT_TYPES;
const GREEN = '#00B42A';
const BLUE = '#165DFF';
const ORANGE = '#FF7D00';
const RED = '#F53F3F';
const GREY = '#86909C';
const PURPLE = '#722ED1';
const CYAN = '#14C9C9';

// Starting values of the dictionaries the product uses; staff may edit all of them.
export const DICT_SEED: Readonly<Record<string, readonly Entry[]>> = {
  [T.applicationStatus]: [
    ['draft', '草稿', 'Draft', GREY],
    ['submitted', '已提交', 'Submitted', BLUE],
    ['processing', '處理中', 'Processing', ORANGE],
    ['offer_conditional', '有條件錄取', 'Conditional offer', CYAN],
    ['offer_unconditional', '無條件錄取', 'Unconditional offer', GREEN],
    ['rejected', '已拒絕', 'Rejected', RED],
    ['withdrawn', '已撤回', 'Withdrawn', GREY],
    ['enrolled', '已入學', 'Enrolled', PURPLE],
  ],
  [T.paymentStatus]: [
    ['pending', '待確認', 'Pending confirmation', ORANGE],
    ['confirmed', '已確認', 'Confirmed', GREEN],
    ['rejected', '已駁回', 'Rejected', RED],
    ['cancelled', '已取消', 'Cancelled', GREY],
  ],
  [T.paymentType]: [
    ['collection', '收款', 'Collection', GREEN],
    ['refund', '退款', 'Refund', RED],
  ],
  [T.transferMethod]: [
    ['bank_transfer', '銀行轉帳', 'Bank transfer'],
    ['card', '信用卡／扣帳卡', 'Credit/debit card'],
    ['alipay', '支付寶', 'Alipay'],
    ['wechat_pay', '微信支付', 'WeChat Pay'],
    ['paypal', 'PayPal', 'PayPal'],
    ['cash', '現金', 'Cash'],
  ],
  [T.currency]: [
    ['GBP', '英鎊', 'Pound sterling'],
    ['CNY', '人民幣', 'Chinese yuan'],
    ['HKD', '港幣', 'Hong Kong dollar'],
    ['USD', '美元', 'US dollar'],
    ['EUR', '歐元', 'Euro'],
  ],
  [T.memberType]: [
    ['staff', '員工', 'Staff', BLUE],
    ['student', '學生', 'Student', GREEN],
  ],
  [T.gender]: [
    ['male', '男', 'Male'],
    ['female', '女', 'Female'],
    ['other', '其他', 'Other'],
  ],
  [T.languageTestType]: [
    ['ielts_academic', '雅思學術類', 'IELTS Academic'],
    ['ielts_ukvi', '雅思 UKVI', 'IELTS for UKVI'],
    ['toefl', '托福', 'TOEFL iBT'],
    ['pte', 'PTE 學術英語', 'PTE Academic'],
    ['duolingo', '多鄰國英語測試', 'Duolingo English Test'],
    ['languagecert', 'LanguageCert', 'LanguageCert'],
  ],
  [T.followService]: [
    ['consultation', '諮詢', 'Consultation'],
    ['school_selection', '選校', 'School selection'],
    ['document_preparation', '文書準備', 'Document preparation'],
    ['application_submission', '遞交申請', 'Application submission'],
    ['offer_follow_up', '錄取跟進', 'Offer follow-up'],
    ['visa', '簽證', 'Visa'],
    ['accommodation', '住宿', 'Accommodation'],
    ['pre_departure', '行前準備', 'Pre-departure'],
  ],
  [T.businessType]: [
    ['undergraduate', '本科申請', 'Undergraduate application'],
    ['postgraduate', '碩士申請', 'Postgraduate application'],
    ['phd', '博士申請', 'PhD application'],
    ['foundation', '預科申請', 'Foundation application'],
    ['boarding_school', '中學申請', 'Boarding school application'],
    ['visa_only', '單辦簽證', 'Visa only'],
  ],
  [T.followStatus]: [
    ['open', '進行中', 'In progress', BLUE],
    ['paused', '暫停', 'Paused', ORANGE],
    ['closed', '已結案', 'Closed', GREY],
  ],
  [T.fileType]: [
    ['passport', '護照', 'Passport'],
    ['transcript', '成績單', 'Transcript'],
    ['certificate', '證書', 'Certificate'],
    ['languageTest', '語言成績', 'Language test report'],
    ['offer', '錄取通知', 'Offer letter'],
    ['visa', '簽證', 'Visa'],
    ['other', '其他', 'Other'],
  ],
  [T.templateType]: [
    ['email', '電子郵件', 'E-mail'],
    ['sms', '簡訊', 'SMS'],
    ['notice', '站內通知', 'Member notice'],
  ],
  [T.smsStatus]: [
    ['pending', '待發送', 'Pending', ORANGE],
    ['sent', '已發送', 'Sent', GREEN],
    ['failed', '發送失敗', 'Failed', RED],
  ],
  [T.platform]: [
    ['WEB', '網頁後台', 'Web admin'],
    ['APP', '手機應用', 'Mobile app'],
    ['SERVER', '伺服器', 'Server'],
  ],
  [T.tagType]: [
    ['student', '學生標籤', 'Student tags', BLUE],
    ['application', '申請標籤', 'Application tags', GREEN],
    ['school', '院校標籤', 'School tags', PURPLE],
  ],
  [T.smsTerminal]: [
    ['admin', '管理後台', 'Admin portal'],
    ['student_portal', '學生網頁', 'Student portal'],
    ['student_app', '學生 App', 'Student app'],
  ],
};

// Seeds a type only while it has no entries at all, so staff edits, additions and deletions stick.
// Returns how many entries it inserted.
export async function seedDicts(db: Db, now: number): Promise<number> {
  const present = new Set((await db.selectFrom('dictEntry').select('type').distinct().execute()).map((r) => r.type));
  const rows = Object.entries(DICT_SEED)
    .filter(([type]) => !present.has(type))
    .flatMap(([type, entries]) =>
      entries.map(([value, label, label2, color], i) => ({
        type,
        value,
        label,
        label2,
        description: null,
        sort: (i + 1) * 10,
        status: 'enabled' as const,
        color: color ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  if (rows.length)
    await db
      .insertInto('dictEntry')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  return rows.length;
}
