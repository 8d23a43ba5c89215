import type { LocaleBundle } from '../../locales/types';
import { enUS } from './strings/en-US';
import { zhCN } from './strings/zh-CN';
import { zhTW } from './strings/zh-TW';

// Strings of the application screens (list, detail, follow-up, files); option names come from the dictionary.
export const application = {
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
} satisfies LocaleBundle;

// The Table/Board switch draws with the list; the board's strings come along (a few hundred bytes).
export { applicationBoard } from './board/locale';
