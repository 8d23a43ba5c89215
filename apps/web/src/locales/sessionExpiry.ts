import type { LocaleBundle } from './types';

// Strings of the warnings before a session ends (app/layout/SessionExpiryDialog.tsx), loaded with the dialog, not
// with the first screen.
export const sessionExpiry = {
  'zh-TW': {
    sessionExpiry: {
      idleTitle: '即將自動登出',
      idleBody: '您已有一段時間沒有操作。為保護學生資料，系統將在 {{time}} 後登出，未儲存的內容會遺失。',
      stay: '繼續使用',
      signOut: '立即登出',
      endTitle: '登入即將到期',
      endBody:
        '為了安全，每次登入都有固定的到期時間。這次登入將於 {{at}} 到期，無法延長。請先儲存正在編輯的內容，之後重新登入。',
      ok: '知道了',
      stayFailed: '目前無法連線到伺服器，請稍後再按「繼續使用」',
    },
  },
  'zh-CN': {
    sessionExpiry: {
      idleTitle: '即将自动退出登录',
      idleBody: '您已有一段时间没有操作。为保护学生数据，系统将在 {{time}} 后退出登录，未保存的内容会丢失。',
      stay: '继续使用',
      signOut: '立即退出',
      endTitle: '登录即将到期',
      endBody:
        '为了安全，每次登录都有固定的到期时间。这次登录将于 {{at}} 到期，无法延长。请先保存正在编辑的内容，之后重新登录。',
      ok: '知道了',
      stayFailed: '目前无法连接到服务器，请稍后再点“继续使用”',
    },
  },
  'en-US': {
    sessionExpiry: {
      idleTitle: 'You are about to be signed out',
      idleBody:
        'You have not done anything for a while. To protect student data, you will be signed out in {{time}}, and unsaved changes will be lost.',
      stay: 'Stay signed in',
      signOut: 'Sign out now',
      endTitle: 'Your sign-in is about to end',
      endBody:
        'For security, every sign-in has a fixed end. Yours ends at {{at}} and cannot be extended. Save what you are editing, then sign in again.',
      ok: 'OK',
      stayFailed: 'The server cannot be reached just now: press Stay signed in again in a moment.',
    },
  },
} satisfies LocaleBundle;
