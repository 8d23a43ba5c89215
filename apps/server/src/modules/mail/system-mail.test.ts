import { expect, it } from 'vitest';
import { renderHtml } from './render.js';
import { plainTextToHtml } from './system-mail.js';
import { engineFree } from '../../test/engine.js';

engineFree.describe('system e-mail body', () => {
  it('escapes HTML, keeps line breaks and stays literal through the Liquid render at send time', async () => {
    const html = plainTextToHtml('<b>Hi</b> & "you"\n{{ recipient.email }} {% raw %}');
    expect(html).toBe(
      '&lt;b&gt;Hi&lt;/b&gt; &amp; &quot;you&quot;<br>&#123;&#123; recipient.email &#125;&#125; &#123;% raw %&#125;',
    );
    const rendered = await renderHtml(html, {
      recipient: { email: 'x@example.com' },
      sender: { name: 's', email: 's@example.com' },
      platform: 'WEB',
      date: '2026-01-01',
      portal: { link: 'https://example.com' },
    });
    // The sanitiser after the render writes the braces back as text; nothing renders them again.
    expect(rendered).toContain('{{ recipient.email }} {% raw %}');
    expect(rendered).not.toContain('x@example.com');
  });
});
