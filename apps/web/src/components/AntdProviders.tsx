import type { ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '@study-crm/shared';
import { currentLocale } from '../i18n';
import { CSP } from '../lib/csp-nonce';
import { useSettings } from '../stores/settings';
import { FeedbackMount } from './FeedbackMount';
import { themeConfig } from './themeTokens';
// antd's prebuilt component styles, with the frame's chunk (decision 307).
import './antd.css';

const ANTD_LOCALES = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };
// A person who asked the system for less motion gets antd without its zooms, slides and fades, nor the wave that
// ripples from a pressed button (theme tokens do not reach it).
const REDUCED_MOTION = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const WAVE = { disabled: REDUCED_MOTION };

// The text colour, size and font of antd's theme for what is drawn inside (what antd's <App> does, without the
// message, modal and notification hooks it would bring into the first screen: lib/feedback.ts has those).
function ThemedText({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div
      className="app-text"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

// antd's theme (the member's light/dark choice and colour), locale, CSP nonce and where toasts and dialogs show,
// around the signed-in frame and the login page's forgotten-password dialog: the parts of the app drawn with antd.
export function AntdProviders({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const themeColor = useSettings((s) => s.themeColor);
  const colorWeak = useSettings((s) => s.colorWeak);
  const locale = currentLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);

  return (
    <ConfigProvider
      csp={CSP}
      locale={ANTD_LOCALES[locale]}
      theme={themeConfig(theme, themeColor, !REDUCED_MOTION, colorWeak)}
      wave={WAVE}
    >
      <ThemedText>
        <FeedbackMount />
        {children}
      </ThemedText>
    </ConfigProvider>
  );
}
