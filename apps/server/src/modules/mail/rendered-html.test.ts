import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSaved, EmailDetail, Template } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { addSenderFor, useSmtpServer } from '../../test/smtp-fixture.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';

const EMAIL = '/admin/v1/message/email';
const smtp = await useSmtpServer();

// Markup a template can build from harmless-looking text with Liquid's filters (issue 38, item 1).
const HOSTILE: string[] = [
  '{{ "%3Cscript%3Ealert(1)%3C/script%3E" | url_decode | raw }}',
  '{{ "%3Cimg src=x onerror=alert(1)%3E" | url_decode | raw }}',
  '{{ "%3Csvg onload=alert(1)%3E" | url_decode | raw }}',
  '{{ "%3Ca href=%22javascript:alert(1)%22%3Ex%3C/a%3E" | url_decode | raw }}',
  '{{ "%3Ciframe src=%22javascript:alert(1)%22%3E%3C/iframe%3E" | url_decode | raw }}',
  '{{ "PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" | base64_decode | raw }}',
  '{{ "PGltZyBzcmM9eCBvbmVycm9yPWFsZXJ0KDEpPg==" | base64_decode | raw }}',
  '{{ "%3C" | append: "script%3Ealert(1)%3C/script%3E" | url_decode | raw }}',
  '{{ "script%3Ealert(1)%3C/script%3E" | prepend: "%3C" | url_decode | raw }}',
  '{{ "[img src=x onerror=alert(1)]" | replace: "[", "%3C" | replace: "]", "%3E" | url_decode | raw }}',
  '{{ "%26lt;script%26gt;alert(1)%26lt;/script%26gt;" | url_decode | escape_once | raw }}',
  '{% capture s %}{{ "%3Cscript%3E" | url_decode }}{% endcapture %}{{ s | raw }}alert(1)',
  `<a href="{{ 'javascript:alert(1)' }}">link</a>`,
  `<a href="{{ 'jav' | append: 'ascript:alert(1)' }}">link</a>`,
  `<a href="{{ 'java%0Ascript:alert(1)' | url_decode }}">link</a>`,
  `<img src="{{ 'javascript:alert(1)' }}">`,
  '{{ "%3Cform action=%22https://evil.example%22%3E%3Cinput name=p%3E%3C/form%3E" | url_decode | raw }}',
  // Entities inside a Liquid tag are read back before Liquid parses it (decision 301): markup so built is sanitised
  // as it is sent.
  '{% if 2 > 1 %}{{ "%3Cscript%3Ealert(1)%3C/script%3E" | url_decode | raw }}{% endif %}',
  '{% assign s = "&lt;img src=x onerror=alert(1)&gt;" %}{{ s | raw }}',
  '{% if 1 < 2 %}{% echo "&lt;svg onload=alert(1)&gt;" | raw %}{% endif %}',
];

// What a recipient's mail client may run: a script, an event handler, a javascript: URL, a frame or a form (as
// markup; the same words as text are harmless).
const DANGER = /<(script|iframe|form|svg)|<[^>]*\son[a-z]+\s*=|<[^>]*=\s*["']?\s*javascript:/i;

describe('rendered e-mails hold no markup the sanitiser would remove', () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_POLL_MS: '20' } });
  let token: string;
  let senderId: number;

  beforeAll(async () => {
    token = t.admin.token;
    senderId = await addSenderFor(t, smtp, t.admin);
  });

  const add = (v: Record<string, string | number | null>) =>
    t.post<{ id: number }>(`${EMAIL}/add`, { senderId, platform: 'WEB', subject: 'Hi', ...v }, { token });
  async function received(id: number, address: string) {
    for (let i = 0; i < 200; i += 1) {
      const res = await t.get<EmailDetail>(`${EMAIL}/view`, { id }, { token });
      if (res.data.summary.queued === 0 && res.data.summary.sending === 0) {
        expect(res.data.summary.sent).toBe(1);
        const [mail] = smtp.mailsTo(address);
        return { html: String(mail!.mail.html), stored: res.data.content ?? '' };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`e-mail ${id} did not settle`);
  }
  // An e-mail to one address, added (`label` tells a refused add apart) and sent: its HTML as received and as stored.
  const sent = async (to: string, v: Record<string, string | number | null>, label?: string) => {
    const res = await add({ recipients: to, ...v });
    expect(res.meta.code, label).toBe(200);
    return received(res.data.id, to);
  };

  it('sends none of them in an e-mail content', async () => {
    for (const [i, content] of HOSTILE.entries()) {
      const { html, stored } = await sent(
        `content${i}@example.com`,
        { content: `<p>before</p>${content}<p>after</p>` },
        content,
      );
      expect(html, content).not.toMatch(DANGER);
      expect(stored, content).not.toMatch(DANGER);
      // The rest of the e-mail arrives.
      expect(html).toContain('<p>before</p>');
      expect(html).toContain('<p>after</p>');
    }
  });

  it("sends none of them in a template's frame", async () => {
    for (const [i, piece] of HOSTILE.entries()) {
      const tpl = await t.post<Template>(
        '/admin/v1/message/templates/add',
        { name: `Frame ${i}`, type: 'offer', frameHtml: `<html><body>${piece}{{ content }}</body></html>` },
        { token },
      );
      expect(tpl.meta.code, piece).toBe(200);
      const { html } = await sent(
        `frame${i}@example.com`,
        { templateId: tpl.data.id, content: '<p>inside</p>' },
        piece,
      );
      expect(html, piece).not.toMatch(DANGER);
      expect(html).toContain('<p>inside</p>');
    }
  });

  it('sends the layout an inline style gives, never a style that fetches or moves the text (decision 299)', async () => {
    const tracker = `background-image:url(https://t.example/open.gif);position:fixed;top:0;behavior:url(x.htc)`;
    const tpl = await t.post<Template>(
      '/admin/v1/message/templates/add',
      {
        name: 'Styled frame',
        type: 'offer',
        frameHtml: `<html><body style="margin:0;${tracker}"><table style="border-collapse:collapse">{{ content }}</table></body></html>`,
      },
      { token },
    );
    expect(tpl.meta.code).toBe(200);
    const { html, stored } = await sent('styled@example.com', {
      templateId: tpl.data.id,
      content:
        `<p style="color:#165DFF;font-family:'Noto Sans TC', sans-serif;${tracker}">kept</p>` +
        `<p style="width:expression(alert(1));color:var(--x);background:url(https://t.example/b.png)">plain</p>` +
        `<p style="font:14px/1.5 Arial, sans-serif;width:100px/**/;margin:0 auto">spaced</p>` +
        // Written by Liquid after the content was stored: sanitised again as it is sent.
        `{{ "%3Cspan style=%22color:red;background-image:url(https://t.example/l.gif)%22%3Eraw%3C/span%3E" | url_decode | raw }}`,
    });
    // Stored as sanitised (the Liquid expression is text until it is rendered), and sent so.
    for (const text of [html, stored]) {
      expect(text).toContain(`<p style="color:#165DFF;font-family:'Noto Sans TC', sans-serif">kept</p><p>plain</p>`);
      // (A comment inside a value is the parser's to drop: the value is read without it.)
      expect(text).toContain('<p style="font:14px/1.5 Arial, sans-serif;width:100px;margin:0 auto">spaced</p>');
      expect(text).not.toContain('/*');
    }
    expect(html).not.toMatch(/url\(|expression\(|var\(|position|behavior|top:/i);
    expect(html).toContain('<body style="margin:0"><table style="border-collapse:collapse">');
    expect(html).toContain('<span style="color:red">raw</span>');
  });

  it("sends none of them through an application's values printed raw", async () => {
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ name: '<img src=x onerror=alert(1)>', engFirstName: '%3Cscript%3Ealert(1)%3C/script%3E' }),
      { token },
    );
    expect(app.meta.code).toBe(200);
    const { html, stored } = await sent('student@example.com', {
      applicationId: app.data.id,
      content: '<p>{{ student.name | raw }} {{ student.engName | url_decode | raw }}</p>',
    });
    expect(html).not.toMatch(DANGER);
    expect(stored).not.toMatch(DANGER);
  });
});
