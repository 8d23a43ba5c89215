import { describe, expect, it } from 'vitest';
import type { Label, MemberLabel, Page } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';

const BASE = '/api/v1/mc/labels';

describe('member labels', () => {
  const t = useTestApp({ signIn: true });
  const add = (v: Record<string, string | number | null>) => t.post<Label>(`${BASE}/add`, v, t.admin);

  it('adds labels, refuses a missing or duplicate name, and lists in sort order', async () => {
    expect((await add({ name: '2027 入學', color: '#165DFF', sort: 2 })).meta.code).toBe(200);
    expect((await add({ name: '獎學金', sort: 1, status: 'disabled' })).meta.code).toBe(200);
    const missing = await add({ name: '' });
    expect(missing.meta.code).toBe(400);
    expect(missing.meta.message).toContain('name');
    const dup = await t.post(`${BASE}/add`, { name: '獎學金' }, { ...t.admin, locale: 'zh-CN' });
    expect(dup.meta).toEqual({ code: 5413, message: '此标记已存在：獎學金' });
    const list = await t.get<Page<Label>>(`${BASE}/list`, {}, t.admin);
    expect(list.data.list.map((l) => l.name)).toEqual(['獎學金', '2027 入學']);
    const enabled = await t.get<Page<Label>>(`${BASE}/list`, { status: 'enabled' }, t.admin);
    expect(enabled.data.list.map((l) => l.name)).toEqual(['2027 入學']);
  });

  it("sets a member's labels and returns them from labelList", async () => {
    const labels = (await t.get<Page<Label>>(`${BASE}/list`, {}, t.admin)).data.list;
    const ids = labels.map((l) => l.id);
    const set = await t.post<MemberLabel[]>(
      `${BASE}/assign`,
      { userId: t.admin.mid, labelIds: ids.join(',') },
      t.admin,
    );
    expect(set.meta.code).toBe(200);
    const got = await t.get<MemberLabel[]>('/api/v1/member/labelList', { memberId: t.admin.mid }, t.admin);
    expect(got.data.map((l) => l.name)).toEqual(['獎學金', '2027 入學']);
    // The staff list shows them too, as labelList does (on PostgreSQL read in the page's statement: decision 291).
    const staff = await t.get<Page<{ id: number; labels: MemberLabel[] }>>(
      '/api/v1/mc/member',
      { pageNum: 1, pageSize: 50 },
      t.admin,
    );
    expect(staff.data.list.find((m) => m.id === t.admin.mid)?.labels).toEqual(got.data);
    expect(staff.data.list.filter((m) => m.id !== t.admin.mid).every((m) => m.labels.length === 0)).toBe(true);
    const counted = await t.get<Label>(`${BASE}/view`, { id: ids[0]! }, t.admin);
    expect(counted.data.memberCount).toBe(1);

    const bad = await t.post(`${BASE}/assign`, { userId: t.admin.mid, labelIds: `${ids[0]},99999` }, t.admin);
    expect(bad.meta.code).toBe(400);
    expect(bad.meta.message).toContain('labelIds.1');
    expect(
      (await t.get<MemberLabel[]>('/api/v1/member/labelList', { userId: t.admin.mid }, t.admin)).data,
    ).toHaveLength(2);

    await t.post(`${BASE}/remove`, { id: ids[0]! }, t.admin);
    const after = await t.get<MemberLabel[]>('/api/v1/member/labelList', { userId: t.admin.mid }, t.admin);
    expect(after.data.map((l) => l.name)).toEqual(['2027 入學']);
    await t.post(`${BASE}/assign`, { userId: t.admin.mid, labelIds: '' }, t.admin);
    expect((await t.get<MemberLabel[]>('/api/v1/member/labelList', { userId: t.admin.mid }, t.admin)).data).toEqual([]);
  });

  it('refuses to label a member that does not exist', async () => {
    expect((await t.post(`${BASE}/assign`, { userId: 424242, labelIds: '' }, t.admin)).meta.code).toBe(404);
  });
});
