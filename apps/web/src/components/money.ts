import i18n from '../i18n';

// An amount in minor units as the reader's locale writes it, with the currency's own decimals (spec: two for the
// usual currencies).
export function formatMoney(minor: number, currency: string, digits: number, locale = i18n.language): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}
