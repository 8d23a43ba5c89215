import { useEffect, type ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '@study-crm/shared';
import { currentLocale } from '../i18n';
import { CSP } from '../lib/csp-nonce';
import { bindFeedback } from '../lib/feedback';
import { invalidateDomains } from '../lib/queryDomains';
import { useSettings } from '../stores/settings';

const ANTD_LOCALES = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS } as const;
const DAYJS_LOCALES: Record<Locale, string> = { 'zh-TW': 'zh-tw', 'zh-CN': 'zh-cn', 'en-US': 'en' };

export const queryClient: QueryClient = new QueryClient({
  // A successful change refreshes every cached query of the domains it touches (lib/queryDomains.ts).
  mutationCache: new MutationCache({
    onSuccess: (_data, _vars, _ctx, mutation) => invalidateDomains(queryClient, mutation.meta?.touches ?? []),
  }),
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Hands antd's themed message/modal to code outside React (the API client).
function AntdBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const themeColor = useSettings((s) => s.themeColor);
  const colorWeak = useSettings((s) => s.colorWeak);
  const locale = currentLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);

  // Spec section 4: the theme sets a body class and attribute; colour-weak is an 80% invert filter.
  useEffect(() => {
    document.body.classList.toggle('dark', theme === 'dark');
    document.body.classList.toggle('light', theme === 'light');
    document.body.setAttribute('arco-theme', theme);
    document.body.dataset.theme = theme;
    document.documentElement.style.filter = colorWeak ? 'invert(80%)' : '';
  }, [theme, colorWeak]);

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
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
