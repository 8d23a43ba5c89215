import type { LocaleBundle } from '../../locales/types';

// The dialog that e-mails the sign-in picture's code (decision 369; loaded with the dialog, not with the login page).
export const captchaMail = {
  'zh-TW': {
    captchaMail: {
      title: '以電子郵件取得驗證碼',
      intro: '我們會把驗證碼寄到您帳號的電子郵件。從郵件複製後貼到登入頁的「驗證碼」欄位即可，圖片上的驗證碼將失效。',
      email: '帳號的電子郵件',
      emailRequired: '請輸入電子郵件',
      emailInvalid: '電子郵件格式不正確',
      send: '寄送驗證碼',
      resendIn: '{{seconds}} 秒後可重新寄送',
      sent: '若 {{email}} 是帳號的電子郵件，驗證碼已寄出，{{minutes}} 分鐘內有效。',
      renewed: '驗證碼已過期並已更換，請再寄送一次。',
      done: '完成',
      spent: '寄到郵件的驗證碼已用過：請再以電子郵件取得新的驗證碼，或輸入新圖片的驗證碼。',
    },
  },
  'zh-CN': {
    captchaMail: {
      title: '通过电子邮件获取验证码',
      intro: '我们会把验证码发送到您账号的电子邮件。从邮件复制后粘贴到登录页的“验证码”栏位即可，图片上的验证码将失效。',
      email: '账号的电子邮件',
      emailRequired: '请输入电子邮件',
      emailInvalid: '电子邮件格式不正确',
      send: '发送验证码',
      resendIn: '{{seconds}} 秒后可重新发送',
      sent: '若 {{email}} 是账号的电子邮件，验证码已发送，{{minutes}} 分钟内有效。',
      renewed: '验证码已过期并已更换，请再发送一次。',
      done: '完成',
      spent: '寄到邮件的验证码已用过：请再通过电子邮件获取新的验证码，或输入新图片的验证码。',
    },
  },
  'en-US': {
    captchaMail: {
      title: 'Get the code by e-mail',
      intro:
        "We will e-mail the verification code to your account's address. Copy it from the e-mail and paste it in the sign-in page's verification code field; the picture's code then stops working.",
      email: "Your account's e-mail",
      emailRequired: 'Please enter the e-mail address',
      emailInvalid: 'This is not a valid e-mail address',
      send: 'Send the code',
      resendIn: 'Send again in {{seconds}} s',
      sent: 'If {{email}} is an account’s address, the code is on its way. It is valid for {{minutes}} minutes.',
      renewed: 'The code had expired and was replaced: please send it again.',
      done: 'Done',
      spent: 'The e-mailed code is used up: get a new one by e-mail, or type the new picture’s code.',
    },
  },
} satisfies LocaleBundle;
