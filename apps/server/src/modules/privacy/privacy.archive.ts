import type { Locale } from '@study-crm/shared';
import type { PersonalRows } from '../../lib/personal-data.js';

// The readable half of the subject access archive (issue 41): one HTML page in the requester's language. Every value
// is escaped, the page carries no script and forbids any (its own Content-Security-Policy), and it loads nothing.

const TEXT = {
  'zh-TW': {
    title: '個人資料：{name}',
    intro:
      '本檔案列出本系統保存的此人全部個人資料，依來源（模組／資料表）分段。data.json 以機器可讀格式保存相同內容，files 資料夾為文件原檔。',
    generated: '產生時間（UTC）',
    subject: '會員編號',
    source: '來源',
    rows: '筆數',
    none: '無資料',
    files: '文件',
    missing: '（儲存空間中已找不到此檔案）',
  },
  'zh-CN': {
    title: '个人数据：{name}',
    intro:
      '本文件列出本系统保存的此人全部个人数据，按来源（模块／数据表）分段。data.json 以机器可读格式保存相同内容，files 文件夹为文档原件。',
    generated: '生成时间（UTC）',
    subject: '会员编号',
    source: '来源',
    rows: '条数',
    none: '无数据',
    files: '文档',
    missing: '（存储中已找不到此文件）',
  },
  'en-US': {
    title: 'Personal data: {name}',
    intro:
      'This file lists all personal data this system holds about the person, by where it came from (module/table). data.json holds the same in machine-readable form; the files folder holds the documents themselves.',
    generated: 'Produced (UTC)',
    subject: 'Member id',
    source: 'Source',
    rows: 'Records',
    none: 'Nothing held',
    files: 'Documents',
    missing: '(no longer in storage)',
  },
} as const satisfies Record<Locale, Record<string, string>>;

// The requester's message (the jobs module posts it with the download link, decision 199). It names the request, not
// the person: a message box outlives the person's erasure, which does not reach into the requester's messages.
export const exportTexts = {
  'zh-TW': {
    ready: '個人資料匯出完成：個資請求 #{request}',
    body: '匯出檔可下載至 {until}（UTC）：點此訊息下載。',
    failedTitle: '個人資料匯出',
  },
  'zh-CN': {
    ready: '个人数据导出完成：个人数据请求 #{request}',
    body: '导出文件可下载至 {until}（UTC）：点此消息下载。',
    failedTitle: '个人数据导出',
  },
  'en-US': {
    ready: 'Personal data export ready: data request #{request}',
    body: 'The archive can be downloaded until {until} (UTC): open this message to download it.',
    failedTitle: 'Personal data export',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : escapeHtml(typeof v === 'object' ? JSON.stringify(v) : String(v));

export type ArchiveFile = { source: string; id: number; name: string; path: string | null };

export function summaryHtml(
  locale: Locale,
  subject: { id: number; name: string },
  generatedAt: number,
  parts: readonly PersonalRows[],
  files: readonly ArchiveFile[],
): string {
  const t = TEXT[locale];
  const title = escapeHtml(t.title.replace('{name}', subject.name));
  const sections = parts.map((p) => {
    const head = `<h2>${escapeHtml(p.source)} <small>(${t.rows}: ${p.rows.length})</small></h2>`;
    if (!p.rows.length) return `${head}<p>${t.none}</p>`;
    const cols = [...new Set(p.rows.flatMap((r) => Object.keys(r)))];
    const th = cols.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
    const trs = p.rows.map((r) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join('')}</tr>`).join('');
    return `${head}<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`;
  });
  const fileList = files.length
    ? `<ul>${files
        .map(
          (f) =>
            `<li>${escapeHtml(f.source)} #${f.id}: ${escapeHtml(f.name)} ${f.path ? `<code>${escapeHtml(f.path)}</code>` : t.missing}</li>`,
        )
        .join('')}</ul>`
    : `<p>${t.none}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>body{font-family:sans-serif;margin:2em;color:#1f1f1f}table{border-collapse:collapse;margin-bottom:1.5em;font-size:13px}th,td{border:1px solid #bbb;padding:4px 6px;text-align:left;vertical-align:top;word-break:break-word}h2{font-size:16px;margin-top:2em}</style>
</head>
<body>
<h1>${title}</h1>
<p>${escapeHtml(t.intro)}</p>
<dl><dt>${t.subject}</dt><dd>${subject.id}</dd><dt>${t.generated}</dt><dd>${new Date(generatedAt).toISOString()}</dd></dl>
${sections.join('\n')}
<h2>${t.files}</h2>
${fileList}
</body>
</html>
`;
}
