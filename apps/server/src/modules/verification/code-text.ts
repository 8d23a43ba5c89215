import type { Locale } from '@study-crm/shared';

// The texts of code e-mails and SMS, in the requester's language (server-only: kept out of the shared messages the
// web bundle carries).
const TEXTS = {
  resetSubject: {
    'zh-TW': '重設密碼驗證碼',
    'zh-CN': '重置密码验证码',
    'en-US': 'Your password reset code',
  },
  bindSubject: { 'zh-TW': '帳號綁定驗證碼', 'zh-CN': '账号绑定验证码', 'en-US': 'Your verification code' },
  mailBody: {
    'zh-TW': '您的驗證碼是 {code}，{minutes} 分鐘內有效。若非本人操作，請忽略此郵件。',
    'zh-CN': '您的验证码是 {code}，{minutes} 分钟内有效。若非本人操作，请忽略此邮件。',
    'en-US':
      'Your verification code is {code}. It is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail.',
  },
  captchaSubject: { 'zh-TW': '您的驗證碼', 'zh-CN': '您的验证码', 'en-US': 'Your verification code' },
  // Where the code goes is named as both forms name it: the sign-in page's and the forgotten-password dialog's.
  captchaBody: {
    'zh-TW':
      '您的圖片驗證碼是 {code}，請在 {minutes} 分鐘內填入索取它的驗證碼欄位（只有最新寄出的有效）。若非本人操作，請忽略此郵件。',
    'zh-CN':
      '您的图片验证码是 {code}，请在 {minutes} 分钟内填入获取它的验证码栏位（只有最新发送的有效）。若非本人操作，请忽略此邮件。',
    'en-US':
      'Your verification code is {code}. Type or paste it, within {minutes} minutes, in the code field where you asked for it (only the latest code sent works). If you did not ask for it, ignore this e-mail.',
  },
  smsBody: {
    'zh-TW': '您的驗證碼是 {code}，{minutes} 分鐘內有效。',
    'zh-CN': '您的验证码是 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your verification code is {code}, valid for {minutes} minutes.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type CodeText = keyof typeof TEXTS;

export function codeText(key: CodeText, locale: Locale, params: Record<string, string | number> = {}): string {
  return TEXTS[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
