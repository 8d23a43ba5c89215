import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useBodyTheme } from '../components/bodyTheme';
import { queryClient } from './queryClient';

// What every routed page needs: the query cache and the theme on <body>. antd's theme, locale and feedback are in
// AntdProviders, loaded with the signed-in frame (the login page is drawn without antd).
export function Providers({ children }: { children: ReactNode }) {
  useBodyTheme();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
