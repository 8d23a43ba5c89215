import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { merchantApi } from '@study-crm/shared';
import { fetchData } from '../api/call';
import { currentLocale } from '../i18n';
import { merchantName } from '../lib/brand';

// The portal's name and logo as the merchant record sets them (System setup → Merchant), in the member's
// language; the built-in name and mark until it has loaded or when it names none. Shares the merchant screen's
// cache, so an edit there shows in the navbar and the title at once.
export function useBrand(): { name: string; logo: string | null } {
  const { t } = useTranslation();
  const merchant = useQuery({
    queryKey: ['merchant'],
    queryFn: ({ signal }) => fetchData(merchantApi.view, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
  const m = merchant.data;
  return { name: (m && merchantName(m, currentLocale())) || t('common.appName'), logo: m?.logo ?? null };
}

// Spec section 2: the browser title is the portal name (the merchant's display name) plus the localised page name.
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { name } = useBrand();
  useEffect(() => {
    document.title = pageTitle ? `${name} - ${pageTitle}` : name;
  }, [pageTitle, name]);
}
