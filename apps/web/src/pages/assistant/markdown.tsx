import { Fragment, type ReactNode } from 'react';

// A small markdown renderer for XiaoK's answers that never produces HTML from the text: everything becomes React
// elements (text is escaped by React), so a "<script>" or "<img onerror>" in an answer is shown as text. Links go
// only to portal routes (opened inside the portal) or to https addresses (a new tab); any other link is plain text.
// Supported: paragraphs, line breaks, headings, lists (- * + and 1.), quotes, fenced code, tables, **bold**,
// *italic*, `code`, ~~strike~~, [links](…), bare https:// addresses and backslash escapes.

export type LinkTarget = { kind: 'portal'; path: string } | { kind: 'external'; href: string } | null;

// Where a link may go: a path of this portal (not "//host"), or an https URL; nothing else.
export function linkTarget(url: string): LinkTarget {
  const u = url.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(u)) return { kind: 'portal', path: u };
  try {
    const parsed = new URL(u);
    if (parsed.protocol === 'https:' && /^https:\/\//i.test(u)) return { kind: 'external', href: parsed.href };
  } catch {
    // Not an absolute URL.
  }
  return null;
}

type Ctx = { onNavigate: (path: string) => void; hrefOf: (path: string) => string };

const INLINE =
  /\\([\\`*_[\]()#+\-!|<>~{}.])|`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)|(https:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

function Link({ url, ctx, children }: { url: string; ctx: Ctx; children: ReactNode }) {
  const target = linkTarget(url);
  if (!target) return <>{children}</>;
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a
      href={ctx.hrefOf(target.path)}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        ctx.onNavigate(target.path);
      }}
    >
      {children}
    </a>
  );
}

export function inline(text: string, ctx: Ctx): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const k = key++;
    const [, escaped, code, bold, bold2, strike, em, em2, label, url, bare] = m;
    if (escaped !== undefined) out.push(escaped);
    else if (code !== undefined) out.push(<code key={k}>{code}</code>);
    else if (bold !== undefined || bold2 !== undefined)
      out.push(<strong key={k}>{inline(bold ?? bold2!, ctx)}</strong>);
    else if (strike !== undefined) out.push(<del key={k}>{inline(strike, ctx)}</del>);
    else if (em !== undefined || em2 !== undefined) out.push(<em key={k}>{inline(em ?? em2!, ctx)}</em>);
    else if (label !== undefined && url !== undefined) {
      out.push(
        <Link key={k} url={url} ctx={ctx}>
          {inline(label, ctx)}
        </Link>,
      );
    } else if (bare !== undefined) {
      out.push(
        <Link key={k} url={bare} ctx={ctx}>
          {bare}
        </Link>,
      );
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

const withBreaks = (lines: string[], ctx: Ctx) =>
  lines.map((l, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {inline(l, ctx)}
    </Fragment>
  ));

const LIST = /^\s{0,3}([-*+]|\d{1,3}[.)])\s+(.*)$/;
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
const isTableRule = (row: string | undefined) => !!row && /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(row);

export function Markdown({
  text,
  onNavigate,
  hrefOf,
}: {
  text: string;
  onNavigate: (path: string) => void;
  hrefOf: (path: string) => string;
}) {
  const ctx: Ctx = { onNavigate, hrefOf };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = blocks.length;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      blocks.push(
        <pre key={key}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const Tag = heading[1]!.length <= 3 ? 'h4' : 'h5';
      blocks.push(<Tag key={key}>{inline(heading[2]!, ctx)}</Tag>);
      i++;
      continue;
    }
    if (line.includes('|') && isTableRule(lines[i + 1])) {
      const head = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim()) rows.push(cells(lines[i++]!));
      blocks.push(
        <table key={key}>
          <thead>
            <tr>
              {head.map((c, j) => (
                <th key={j}>{inline(c, ctx)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, ri) => (
              <tr key={ri}>
                {head.map((_, j) => (
                  <td key={j}>{inline(r[j] ?? '', ctx)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
      continue;
    }
    if (LIST.test(line)) {
      const ordered = /^\s{0,3}\d/.test(line);
      const items: string[][] = [];
      while (i < lines.length && lines[i]!.trim()) {
        const m = LIST.exec(lines[i]!);
        if (m) items.push([m[2]!]);
        else items[items.length - 1]!.push(lines[i]!.trim());
        i++;
      }
      const children = items.map((it, j) => <li key={j}>{withBreaks(it, ctx)}</li>);
      blocks.push(ordered ? <ol key={key}>{children}</ol> : <ul key={key}>{children}</ul>);
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s{0,3}>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s{0,3}>\s?/, ''));
      blocks.push(<blockquote key={key}>{withBreaks(quoted, ctx)}</blockquote>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !LIST.test(lines[i]!) && !/^\s*(```|#{1,6}\s|>)/.test(lines[i]!)) {
      para.push(lines[i++]!);
    }
    if (!para.length) para.push(lines[i++]!);
    blocks.push(<p key={key}>{withBreaks(para, ctx)}</p>);
  }
  return <div className="xk-markdown">{blocks}</div>;
}
