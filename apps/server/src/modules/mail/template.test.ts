import { describe, expect, it } from 'vitest';
import type { Page, Template, TemplateOption } from '@study-crm/shared';
import type { TestApp } from '../../test/harness.js';
import { withSignedInApp } from '../../test/signed-in.js';
import { isPrivateAddress } from './frame-fetch.js';
import { expectParamError } from '../../test/expect-envelope.js';

const BASE = '/admin/v1/message/templates';

describe('message templates', () => {
  let t: TestApp;
  let token: string;
  withSignedInApp((app, session) => {
    t = app;
    token = session.token;
  });
  const add = (v: Record<string, string | null>, locale = 'en-US') =>
    t.post<Template>(`${BASE}/add`, v, { token, locale });

  it('refuses a template without a type: "Template type cannot be empty"', async () => {
    const en = await add({ name: 'Offer', type: '' });
    expect(en.meta).toEqual({
      code: 400,
      message: 'type: Template type cannot be empty. Check it and try again. [400 · type]',
    });
    const tw = await add({ name: 'Offer' }, 'zh-TW');
    expect(tw.meta.message).toContain('範本類型不能為空');
  });

  it('stores sanitised HTML, an uploaded frame, and serves the picker by type', async () => {
    const res = await add({
      name: 'Offer news',
      type: 'offer',
      title: '{{ recipient.email }} 的錄取通知',
      content: '<p onclick="x()">恭喜！<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      frameHtml: '<html><body><h1>Study CRM</h1>{{content}}<iframe src="https://evil"></iframe></body></html>',
    });
    expect(res.meta.code).toBe(200);
    expect(res.data.content).toBe('<p>恭喜！<a>x</a></p>');
    expect(res.data.frameHtml).toContain('{{content}}');
    expect(res.data.frameHtml).not.toContain('iframe');
    await add({ name: 'Reminder', type: 'payment', content: 'Pay {{ date }}' });
    const offers = await t.get<TemplateOption[]>(`${BASE}/getlist`, { type: 'offer' }, { token });
    expect(offers.data.map((o) => o.name)).toEqual(['Offer news']);
    const page = await t.get<Page<Template>>(`${BASE}/list`, { keyword: 'remind' }, { token });
    expect(page.data.list.map((o) => o.name)).toEqual(['Reminder']);
  });

  it('refuses content that is not valid Liquid, naming the field', async () => {
    const res = await add({ name: 'Broken', type: 'offer', content: 'Hello {% if %}' });
    expectParamError(res, 'content');
  });

  // `<b` inside the tag passes Liquid as written, but reads as an HTML tag to the sanitiser, whose output no longer
  // parses: stored, every e-mail using the template would fail at send.
  it('refuses a frame or content whose sanitised form breaks a Liquid tag, naming the field, and stores nothing', async () => {
    const broken = '{% if recipient.email <b %}x{% endif %}';
    for (const [field, values] of [
      ['frameHtml', { frameHtml: `<div>${broken}</div>{{content}}` }],
      ['content', { content: `<p>${broken}</p>` }],
    ] as const) {
      const res = await add({ name: 'Sanitised broken', type: 'offer', ...values });
      expect(res.meta, field).toEqual({
        code: 400,
        message: expect.stringContaining(`${field}: the template syntax is not valid`),
      });
    }
    const page = await t.get<Page<Template>>(`${BASE}/list`, { keyword: 'Sanitised broken' }, { token });
    expect(page.data.total).toBe(0);
  });

  it('gives templates no file system: an include is refused on save', async () => {
    for (const content of ["{% include 'package.json' %}", "{% render '/etc/passwd' %}", '{% layout "x" %}']) {
      const res = await add({ name: 'Sneaky', type: 'offer', content });
      expect(res.meta.code, content).toBe(400);
      expect(res.meta.message).toContain('content');
    }
  });

  it('refuses a frame address on a host that is not allowed or is private', async () => {
    const res = await add({ name: 'Framed', type: 'offer', frameUrl: 'https://frames.example.org/a.html' });
    expect(res.meta).toMatchObject({ code: 400 });
    expect(res.meta.message).toContain('frameUrl');
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('192.168.0.1')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('updates and deletes a template', async () => {
    const tpl = (await t.get<Page<Template>>(`${BASE}/list`, { type: 'payment' }, { token })).data.list[0]!;
    const upd = await t.post<Template>(
      `${BASE}/update`,
      { id: tpl.id, name: 'Reminder 2', type: 'payment', content: '<b>Pay</b>' },
      { token },
    );
    expect(upd.data).toMatchObject({ name: 'Reminder 2', content: '<b>Pay</b>' });
    expect((await t.post(`${BASE}/delete`, { id: tpl.id }, { token })).meta.code).toBe(200);
    expect((await t.get(`${BASE}/view`, { id: tpl.id }, { token })).meta.code).toBe(404);
  });
});
