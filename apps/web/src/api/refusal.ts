import i18n from '../i18n';

// A parameter error reads "<what is wrong>. Check it and try again. [400 · email]": the sentence is the headline
// staff read; the code and the request field in brackets are for support, shown as a small details line (issue 36).
const DETAILS = /\s*\[(\d{3,4}) · ([^\]]+)\]\s*$/;

export type Refusal = { headline: string; details: string | null };

export function splitRefusal(message: string): Refusal {
  const m = DETAILS.exec(message);
  if (!m) return { headline: message, details: null };
  return {
    headline: message.slice(0, m.index),
    details: i18n.t('common.refusalDetails', { code: m[1], field: m[2] }),
  };
}
