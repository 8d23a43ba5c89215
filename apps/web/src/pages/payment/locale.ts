import type { LocaleBundle } from '../../locales/types';
import { enUS } from './strings/en-US';
import { zhCN } from './strings/zh-CN';
import { zhTW } from './strings/zh-TW';

// Strings of the payment screens (transactions, userTransactions, tracks).
export const payment = {
  'zh-TW': zhTW,
  'zh-CN': zhCN,
  'en-US': enUS,
} satisfies LocaleBundle;
