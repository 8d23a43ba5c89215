import type { LocaleBundle } from '../../locales/types';

// Strings of the navbar search box (issue 39); the navbar's button is in the frame's strings.
export const search = {
  'zh-TW': {
    search: {
      placeholder: '搜尋學生、員工、付款、回饋、郵件、簡訊或畫面',
      recent: '最近搜尋',
      clearRecent: '清除',
      noRecent: '輸入姓名（任何部分）、護照號碼、電子郵件或電話',
      empty: '找不到符合「{{keyword}}」的資料',
      failed: '搜尋失敗，請再試一次',
      searching: '搜尋中…',
      hint: '↑↓ 選擇　Enter 開啟　Esc 關閉',
      groups: {
        screen: '畫面',
        application: '申請',
        student: '學生帳號',
        staff: '員工',
        payment: '付款記錄',
        feedback: '意見回饋',
        email: '郵件',
        sms: '簡訊',
      },
    },
  },
  'zh-CN': {
    search: {
      placeholder: '搜索学生、员工、付款、反馈、邮件、短信或页面',
      recent: '最近搜索',
      clearRecent: '清除',
      noRecent: '输入姓名（任何部分）、护照号码、电子邮箱或电话',
      empty: '找不到符合“{{keyword}}”的数据',
      failed: '搜索失败，请再试一次',
      searching: '搜索中…',
      hint: '↑↓ 选择　Enter 打开　Esc 关闭',
      groups: {
        screen: '页面',
        application: '申请',
        student: '学生账号',
        staff: '员工',
        payment: '付款记录',
        feedback: '意见反馈',
        email: '邮件',
        sms: '短信',
      },
    },
  },
  'en-US': {
    search: {
      placeholder: 'Search students, staff, payments, feedback, e-mails, SMS or screens',
      recent: 'Recent searches',
      clearRecent: 'Clear',
      noRecent: 'Type any part of a name, a passport number, an e-mail or a phone number',
      empty: 'Nothing matches “{{keyword}}”',
      failed: 'The search failed; please try again',
      searching: 'Searching…',
      hint: '↑↓ to choose · Enter to open · Esc to close',
      groups: {
        screen: 'Screens',
        application: 'Applications',
        student: 'Student accounts',
        staff: 'Staff',
        payment: 'Payment records',
        feedback: 'Feedback',
        email: 'E-mails',
        sms: 'SMS batches',
      },
    },
  },
} satisfies LocaleBundle;
