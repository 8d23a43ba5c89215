import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '@study-crm/shared';
import { currentLocale } from '../i18n';
import { CSP } from '../lib/csp-nonce';
import { bindFeedback } from '../lib/feedback';
import { useSettings } from '../stores/settings';

const ANTD_LOCALES = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };

// Hands antd's themed message/modal to code outside React (the API client).
function AntdBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

// antd's theme (the member's light/dark choice and colour), locale, CSP nonce and feedback bridge, around the
// signed-in frame and the login page's forgotten-password dialog: the parts of the app that are drawn with antd.
export function AntdProviders({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const themeColor = useSettings((s) => s.themeColor);
  const locale = currentLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);

  return (
    <ConfigProvider
      csp={CSP}
      locale={ANTD_LOCALES[locale]}
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: themeColor },
      }}
    >
      <AntApp>
        <AntdBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
