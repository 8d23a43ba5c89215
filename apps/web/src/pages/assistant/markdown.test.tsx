import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { linkTarget, Markdown } from './markdown';

const show = (text: string) => {
  const onNavigate = vi.fn();
  const view = render(<Markdown text={text} onNavigate={onNavigate} hrefOf={(p) => `/sadmin${p}`} />);
  return { ...view, onNavigate };
};

describe("XiaoK's markdown", () => {
  it('renders paragraphs, bold, lists, code, tables and headings', () => {
    const { container } = show(
      '## Figures\n\nThere are **11** applications:\n\n- Submitted: **4**\n- Draft: `1`\n\n1. one\n2. two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode <b>\n```',
    );
    expect(container.querySelector('h4')?.textContent).toBe('Figures');
    expect(container.querySelectorAll('strong')).toHaveLength(2);
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('td')?.textContent).toBe('1');
    expect(container.querySelector('pre code')?.textContent).toBe('code <b>');
  });

  it('never turns text into HTML: tags, event handlers and scripts are shown as text', () => {
    const evil =
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> **<b>bold</b>** <a href="javascript:alert(3)">x</a>';
    const { container } = show(evil);
    expect(container.querySelector('img, script, b, a, iframe')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });

  it('links only to portal routes (inside the portal) and https addresses; other links stay text', () => {
    const { container, onNavigate } = show(
      '[list](/applicationManage/applicationList?f.status=offer_unconditional) [docs](https://example.com/a) ' +
        '[bad](javascript:alert(1)) [data](data:text/html,hi) [http](http://example.com) [host](//evil.example) ' +
        'see https://example.org/x.',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/sadmin/applicationManage/applicationList?f.status=offer_unconditional',
      'https://example.com/a',
      'https://example.org/x',
    ]);
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('http');
    fireEvent.click(links[0]!);
    expect(onNavigate).toHaveBeenCalledWith('/applicationManage/applicationList?f.status=offer_unconditional');
  });

  it('reads backslash escapes as the characters themselves', () => {
    const { container } = show('\\*not bold\\* \\[x\\]\\(/y\\)');
    expect(container.querySelector('strong, em, a')).toBeNull();
    expect(container.textContent).toBe('*not bold* [x](/y)');
  });

  it('decides link targets strictly', () => {
    expect(linkTarget('/user/tasks')).toEqual({ kind: 'portal', path: '/user/tasks' });
    expect(linkTarget('https://a.example/b')).toEqual({ kind: 'external', href: 'https://a.example/b' });
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      '//evil',
      '/\\evil',
      'data:x',
      'http://a',
      'mailto:a@b',
      'tasks',
    ])
      expect(linkTarget(bad), bad).toBeNull();
  });
});
