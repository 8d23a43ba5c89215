import { formatMessage, type Envelope, type Locale, type MessageKey, type MessageParams } from '@study-crm/shared';

export function ok<T>(data: T, locale: Locale, key: MessageKey = 'ok', params: MessageParams = {}): Envelope<T> {
  return { meta: { code: 200, message: formatMessage(key, locale, params) }, data };
}

export function failure<T = null>(
  code: number,
  key: MessageKey,
  locale: Locale,
  params: MessageParams = {},
  data: T | null = null,
): Envelope<T | null> {
  return { meta: { code, message: formatMessage(key, locale, params) }, data };
}
