import type { LocaleBundle } from '../../locales/types';

export const home = {
  'zh-TW': { home: { title: '首頁', welcome: '歡迎回來，{{name}}', hint: '從左側選單開始今天的工作。' } },
  'zh-CN': { home: { title: '首页', welcome: '欢迎回来，{{name}}', hint: '从左侧菜单开始今天的工作。' } },
  'en-US': {
    home: { title: 'Home', welcome: 'Welcome back, {{name}}', hint: 'Start your day from the menu on the left.' },
  },
} satisfies LocaleBundle;
