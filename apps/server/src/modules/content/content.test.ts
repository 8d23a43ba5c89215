import { describe, expect, it } from 'vitest';
import type { ContentItem, Envelope, Merchant, Page, PublishedContent } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { PDF_MINI, PNG_1x1 } from '../../test/application-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';
import { expectParamError } from '../../test/expect-envelope.js';

const C = '/api/v1/content/contents';

describe('announcements and the merchant record', () => {
  const t = useTestApp({ signIn: true });
  const add = (v: Record<string, string | number>) => t.post<ContentItem>(`${C}/add`, v, t.admin);

  it('publishes announcements to the public read by status, window and language, pinned first', async () => {
    const now = Date.now();
    await add({ title: 'Draft', body: 'not yet' });
    await add({ title: 'Office closed', body: 'On 25 December.', status: 'published' });
    await add({ title: '置頂', body: '重要', status: 'published', pinned: 1, locale: 'zh-TW' });
    await add({ title: 'Later', body: 'x', status: 'published', publishFrom: now + 86_400_000 });
    await add({ title: 'Over', body: 'x', status: 'published', publishTo: now - 1000, publishFrom: now - 9000 });
    await add({ title: 'English only', body: 'x', status: 'published', locale: 'en-US' });

    const zh = await t.get<PublishedContent[]>(`${C}/`, { locale: 'zh-TW' }, { token: null });
    expect(zh.meta.code).toBe(200);
    expect(zh.data.map((c) => c.title)).toEqual(['置頂', 'Office closed']);
    const en = await t.get<PublishedContent[]>(`${C}/`, { locale: 'en-US', limit: 1 }, { token: null });
    expect(en.data.map((c) => c.title)).toEqual(['English only']);

    const order = await add({ title: 'x', body: 'x', publishFrom: now, publishTo: now - 1 });
    expectParamError(order, 'publishTo');
    expect((await add({ title: '', body: 'x' })).meta.message).toContain('title');
  });

  it('lists, edits with a version and removes announcements behind permissions', async () => {
    const list = await t.get<Page<ContentItem>>(`${C}/list`, { status: 'draft' }, t.admin);
    expect(list.data.list.map((c) => c.title)).toEqual(['Draft']);
    const item = list.data.list[0]!;
    const edited = await t.post<ContentItem>(
      `${C}/update`,
      { id: item.id, version: item.version, title: 'Draft 2', body: 'b', status: 'published' },
      t.admin,
    );
    expect(edited.data).toMatchObject({ title: 'Draft 2', status: 'published', version: item.version + 1 });
    expect(
      (await t.post(`${C}/update`, { id: item.id, version: item.version, title: 'x', body: 'b' }, t.admin)).meta.code,
    ).toBe(409);
    expect((await t.post(`${C}/remove`, { id: item.id }, t.admin)).meta.code).toBe(200);
    expect((await t.post(`${C}/remove`, { id: item.id }, t.admin)).meta.code).toBe(404);

    await createStaff(t.db.db, 'nobody', [await createRole(t.db.db, 'ROLE_NOBODY', [])]);
    const nobody = await t.login('nobody', STAFF_PASSWORD);
    expect((await t.get(`${C}/list`, {}, nobody)).meta.code).toBe(403);
    expect((await t.post(`${C}/add`, { title: 'x', body: 'y' }, nobody)).meta.code).toBe(403);
    expect(
      (await t.post('/api/v1/merchants/update', { nameTw: 'a', nameCn: 'b', nameEn: 'c' }, nobody)).meta.code,
    ).toBe(403);
  });

  it('reads the merchant record publicly and edits it with a version', async () => {
    const m = await t.get<Merchant>('/api/v1/merchants/', {}, { token: null });
    expect(m.data).toMatchObject({ code: 'COM', nameEn: 'Study CRM Admin', logo: null });
    const saved = await t.post<Merchant>(
      '/api/v1/merchants/update',
      {
        version: m.data.version,
        nameTw: '英倫升學',
        nameCn: '英伦升学',
        nameEn: 'UK Study',
        contactEmail: 'Hello@Example.com',
      },
      t.admin,
    );
    expect(saved.data).toMatchObject({
      nameEn: 'UK Study',
      contactEmail: 'hello@example.com',
      version: m.data.version + 1,
    });
    const bad = await t.post('/api/v1/merchants/update', { nameTw: '', nameCn: 'b', nameEn: 'c' }, t.admin);
    expectParamError(bad, 'nameTw');
    const stale = await t.post(
      '/api/v1/merchants/update',
      { version: m.data.version, nameTw: 'a', nameCn: 'b', nameEn: 'c' },
      t.admin,
    );
    expect(stale.meta.code).toBe(409);
  });

  const uploadLogo = (token: string | null, name: string, content: Buffer) =>
    t.upload<Merchant>('/api/v1/merchants/logo', {}, { name, content }, { token });
  const logoImage = (url: string) =>
    t.app.inject({ method: 'GET', url: `${url}&appId=student-admin`, headers: t.headers() });

  it('takes a logo checked by content, serves it without a session, replaces and removes it', async () => {
    const pdf = await uploadLogo(t.admin.token, 'logo.png', PDF_MINI);
    expectParamError(pdf, 'file');
    expect((await t.get<Merchant>('/api/v1/merchants/', {}, { token: null })).data.logo).toBeNull();

    const ok = await uploadLogo(t.admin.token, 'logo.png', PNG_1x1);
    expect(ok.meta.code).toBe(200);
    expect(ok.data.logo).toMatch(/^\/api\/v1\/merchants\/logoImg\?v=/);
    const img = await logoImage(ok.data.logo!);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1x1)).toBe(true);

    // A second upload replaces the first (a new address, so caches refresh).
    const again = await uploadLogo(t.admin.token, 'logo2.png', PNG_1x1);
    expect(again.data.logo).not.toBe(ok.data.logo);
    const removed = await t.post<Merchant>('/api/v1/merchants/logo/remove', {}, t.admin);
    expect(removed.data.logo).toBeNull();
    expect((await logoImage('/api/v1/merchants/logoImg?v=x').then((r) => r.json() as Envelope<null>)).meta.code).toBe(
      404,
    );
  });

  it('refuses a logo from a caller without the merchant permission or a session', async () => {
    await createStaff(t.db.db, 'nologo', [await createRole(t.db.db, 'ROLE_NOLOGO', [])]);
    const nobody = await t.login('nologo', STAFF_PASSWORD);
    expect((await uploadLogo(nobody.token, 'logo.png', PNG_1x1)).meta.code).toBe(403);
    expect((await uploadLogo(null, 'logo.png', PNG_1x1)).meta.code).toBe(401);
    expect((await t.post('/api/v1/merchants/logo/remove', {}, nobody)).meta.code).toBe(403);
  });
});
