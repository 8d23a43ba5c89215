import { common } from './common';
import { crud } from './crud';
import { frame } from './frame';
import { menu } from './menu';
import { user } from '../pages/user/locale';
import { login } from '../pages/login/locale';
import { home } from '../pages/home/locale';
import { systemSetup } from '../pages/systemSetup/locale';
import { access } from '../pages/access/locale';
import { employee } from '../pages/employee/locale';
import { application } from '../pages/application/locale';
import { message } from '../pages/message/locale';
import { payment } from '../pages/payment/locale';
import { notice } from '../pages/notice/locale';
import { wallet } from '../pages/wallet/locale';
import { feedback } from '../pages/feedback/locale';
import { sms } from '../pages/sms/locale';
import { userBind } from '../pages/user/bind-locale';
import { forgot } from '../pages/login/forgot-locale';
import { project } from '../pages/project/locale';
import { task } from '../pages/task/locale';
import { content } from '../pages/content/locale';
import { assistant } from '../pages/assistant/locale';
import type { LocaleBundle } from './types';

// Every bundle of the app, for the tests that check them (same keys in every language). The app itself loads the
// core bundles at boot (./index) and each page's bundle with its lazy screen (app/lazyScreen.ts). Add a page's
// bundle here and in locales/resources.ts.
export const bundles: Record<string, LocaleBundle> = {
  common,
  crud,
  frame,
  menu,
  login,
  home,
  user,
  systemSetup,
  access,
  employee,
  application,
  message,
  payment,
  notice,
  wallet,
  feedback,
  sms,
  userBind,
  forgot,
  project,
  task,
  content,
  assistant,
};
