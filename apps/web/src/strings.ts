import type { common } from './locales/common';
import type { crud } from './locales/crud';
import type { frame } from './locales/frame';
import type { menu } from './locales/menu';
import type { user } from './pages/user/locale';
import type { login } from './pages/login/locale';
import type { home } from './pages/home/locale';
import type { systemSetup } from './pages/systemSetup/locale';
import type { access } from './pages/access/locale';
import type { employee } from './pages/employee/locale';
import type { application } from './pages/application/locale';
import type { applicationChoice } from './pages/application/choiceLocale';
import type { applicationBoard } from './pages/application/board/locale';
import type { message } from './pages/message/locale';
import type { payment } from './pages/payment/locale';
import type { notice } from './pages/notice/locale';
import type { wallet } from './pages/wallet/locale';
import type { feedback } from './pages/feedback/locale';
import type { sms } from './pages/sms/locale';
import type { userBind } from './pages/user/bind-locale';
import type { forgot } from './pages/login/forgot-locale';
import type { captchaMail } from './pages/login/captcha-mail-locale';
import type { project } from './pages/project/locale';
import type { task } from './pages/task/locale';
import type { content } from './pages/content/locale';
import type { assistant } from './pages/assistant/locale';
import type { audit } from './pages/audit/locale';
import type { search } from './pages/search/locale';
import type { importSheet } from './components/import/locale';
import type { privacy } from './pages/privacy/locale';
import type { tabOrder } from './locales/tabOrder';
import type { sessionExpiry } from './locales/sessionExpiry';

// The shape of every string of the app (zh-TW, the default language, is the reference; a test keeps the three
// languages equal): i18next checks `t('x.y')` keys against it at compile time. This file names every page's
// bundle, so it stands above the pages and nothing imports it: code that needs the shape takes it from i18next
// (`AppResources` in locales/types.ts). A new page's locale.ts is added here.
type AllStrings = (typeof common)['zh-TW'] &
  (typeof crud)['zh-TW'] &
  (typeof frame)['zh-TW'] &
  (typeof menu)['zh-TW'] &
  (typeof user)['zh-TW'] &
  (typeof login)['zh-TW'] &
  (typeof home)['zh-TW'] &
  (typeof systemSetup)['zh-TW'] &
  (typeof access)['zh-TW'] &
  (typeof employee)['zh-TW'] &
  (typeof application)['zh-TW'] &
  (typeof applicationChoice)['zh-TW'] &
  (typeof applicationBoard)['zh-TW'] &
  (typeof message)['zh-TW'] &
  (typeof payment)['zh-TW'] &
  (typeof notice)['zh-TW'] &
  (typeof wallet)['zh-TW'] &
  (typeof feedback)['zh-TW'] &
  (typeof sms)['zh-TW'] &
  (typeof userBind)['zh-TW'] &
  (typeof forgot)['zh-TW'] &
  (typeof captchaMail)['zh-TW'] &
  (typeof project)['zh-TW'] &
  (typeof task)['zh-TW'] &
  (typeof content)['zh-TW'] &
  (typeof assistant)['zh-TW'] &
  (typeof audit)['zh-TW'] &
  (typeof tabOrder)['zh-TW'] &
  (typeof sessionExpiry)['zh-TW'] &
  (typeof search)['zh-TW'] &
  (typeof importSheet)['zh-TW'] &
  (typeof privacy)['zh-TW'];

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: AllStrings };
  }
}
