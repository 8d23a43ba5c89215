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
  captchaSubject: { 'zh-TW': '登入驗證碼', 'zh-CN': '登录验证码', 'en-US': 'Your sign-in verification code' },
  captchaBody: {
    'zh-TW': '您的登入驗證碼是 {code}，請在 {minutes} 分鐘內填入登入頁的「驗證碼」欄位。若非本人操作，請忽略此郵件。',
    'zh-CN': '您的登录验证码是 {code}，请在 {minutes} 分钟内填入登录页的“验证码”栏位。若非本人操作，请忽略此邮件。',
    'en-US':
      'Your sign-in verification code is {code}. Type or paste it in the sign-in page\'s "Verification code" field within {minutes} minutes. If you did not ask for it, ignore this e-mail.',
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
