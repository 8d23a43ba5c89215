import { TEMPLATE_FRAME_PLACEHOLDER, type MailVariable } from '@study-crm/shared';

// Sample values for the variables a template may use (the server renders the real ones with Liquid at send time).
const SAMPLE: Record<MailVariable, string> = {
  'recipient.email': 'student@example.com',
  'sender.name': 'Study CRM',
  'sender.email': 'office@example.com',
  'student.name': '王小明',
  'student.engName': 'Xiaoming Wang',
  'student.email': 'xiaoming@example.com',
  'application.status': '已提交',
  'application.date': '2026-10-01',
  'application.targetSchools': 'University College London, University of Oxford',
  'teacher.signing': '陳老師',
  'teacher.follow': '林老師',
  'portal.link': 'https://portal.example.com',
  platform: 'WEB',
  date: new Date().toISOString().slice(0, 10),
};

const SAMPLE_VARIABLES = Object.keys(SAMPLE)
  .slice(0, 4)
  .map((k) => `{{ ${k} }}`);
// A few variables for a hint, joined with the language's list separator (a Chinese '、' in English was issue 36).
export const sampleVariables = (t: (key: 'common.listSeparator') => string) =>
  SAMPLE_VARIABLES.join(t('common.listSeparator'));

// Output tags are replaced by sample values (filters ignored), logic tags dropped: a preview, never executed.
export function withSampleData(text: string): string {
  const sample: Readonly<Record<string, string>> = SAMPLE;
  return text
    .replace(/\{\{\s*([\w.]+)\s*(\|[^}]*)?\}\}/g, (whole, name: string) =>
      name === 'content' ? whole : (sample[name] ?? ''),
    )
    .replace(/\{%[\s\S]*?%\}/g, '');
}

// The content in its frame, as the e-mail will look.
export function framed(frameHtml: string | null | undefined, content: string): string {
  const body = withSampleData(content);
  if (!frameHtml) return body;
  const re = /\{\{\s*content\s*\}\}/;
  const frame = withSampleData(frameHtml);
  return re.test(frame) ? frame.replace(re, () => body) : `${frame}${body}`;
}

// A preview in a sandboxed frame: no scripts, no same-origin access, no forms or pop-ups.
export function HtmlPreview({ html, height = 420, testId }: { html: string; height?: number; testId?: string }) {
  return (
    <iframe
      title="preview"
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank">${html}`}
      style={{ width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
      data-testid={testId}
    />
  );
}

export const FRAME_PLACEHOLDER = TEMPLATE_FRAME_PLACEHOLDER;
