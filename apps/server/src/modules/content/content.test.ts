import { describe, expect, it } from 'vitest';
import type { ContentItem, Merchant, Page, PublishedContent } from '@study-crm/shared';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import { useTestApp } from '../../test/signed-in.js';

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
    expect(order.meta.code).toBe(400);
    expect(order.meta.message).toContain('publishTo');
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
        logo: '/api/v1/fms/file?name=logo.png',
        contactEmail: 'Hello@Example.com',
      },
      t.admin,
    );
    expect(saved.data).toMatchObject({
      nameEn: 'UK Study',
      contactEmail: 'hello@example.com',
      version: m.data.version + 1,
    });
    const bad = await t.post(
      '/api/v1/merchants/update',
      { nameTw: 'a', nameCn: 'b', nameEn: 'c', logo: 'javascript:alert(1)' },
      t.admin,
    );
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('logo');
    const stale = await t.post(
      '/api/v1/merchants/update',
      { version: m.data.version, nameTw: 'a', nameCn: 'b', nameEn: 'c' },
      t.admin,
    );
    expect(stale.meta.code).toBe(409);
  });
});
