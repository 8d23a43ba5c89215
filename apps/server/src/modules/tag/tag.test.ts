import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Tag, TagCheckResult, TagOption, Page } from '@study-crm/shared';
import type { Values } from '../../test/harness.js';
import { useTestApp } from '../../test/signed-in.js';
import { expectParamError } from '../../test/expect-envelope.js';

const BASE = '/admin/v1/tags';

describe('tags', () => {
  const t = useTestApp({ signIn: true });
  const add = (v: Record<string, string | number | null>, locale = 'en-US') =>
    t.post<Tag>(`${BASE}/add`, v, { ...t.admin, locale });
  const listTags = (q: Values) => t.get<Page<Tag>>(`${BASE}/list`, q, t.admin).then((r) => r.data);

  it('adds a tag with its colour and lists it', async () => {
    const res = await add({
      type: 'student',
      value: 'vip',
      label: '重點學生',
      label2: 'VIP',
      color: '#F53F3F',
      sort: 5,
    });
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({ type: 'student', value: 'vip', color: '#F53F3F', status: 'enabled', sort: 5 });
    expect((await listTags({ type: 'student' })).list.map((x) => x.value)).toEqual(['vip']);
  });

  it('refuses a missing type, tag key or Chinese tag, naming the field, and writes nothing', async () => {
    for (const [field, body] of [
      ['type', { value: 'k', label: '標' }],
      ['value', { type: 'student', label: '標' }],
      ['label', { type: 'student', value: 'k' }],
    ] as const) {
      const res = await add(body);
      expectParamError(res, field);
    }
    expect((await listTags({ type: 'student' })).total).toBe(1);
  });

  it('rejects a duplicate key or Chinese tag in the same type with a localised message', async () => {
    const dupKey = await add({ type: 'student', value: 'vip', label: '另一個' }, 'zh-TW');
    expect(dupKey.meta).toEqual({ code: 5412, message: '此標籤已存在：類型 student 中已有標籤鍵值「vip」' });
    const dupLabel = await add({ type: 'student', value: 'vip2', label: '重點學生' }, 'en-US');
    expect(dupLabel.meta).toEqual({
      code: 5412,
      message: 'This tag already exists: type student already has the Chinese tag "重點學生"',
    });
    // Another type may reuse both.
    expect((await add({ type: 'school', value: 'vip', label: '重點學生' })).meta.code).toBe(200);
  });

  it('answers check for live validation, ignoring the tag being edited', async () => {
    const vip = (await listTags({ type: 'student' })).list[0]!;
    const taken = await t.get<TagCheckResult>(`${BASE}/check`, { type: 'student', value: 'vip', label: '新' }, t.admin);
    expect(taken.data).toEqual({ valueTaken: true, labelTaken: false });
    const self = await t.get<TagCheckResult>(
      `${BASE}/check`,
      { type: 'student', value: 'vip', label: '重點學生', id: vip.id },
      t.admin,
    );
    expect(self.data).toEqual({ valueTaken: false, labelTaken: false });
  });

  it('searches enabled tags by prefix first, then substring, within a limit', async () => {
    await add({ type: 'application', value: 'urgent', label: '緊急', label2: 'Urgent' });
    await add({ type: 'application', value: 'not_urgent', label: '不急', label2: 'Not urgent' });
    await add({
      type: 'application',
      value: 'urgent_old',
      label: '舊緊急',
      label2: 'Urgent (old)',
      status: 'disabled',
    });
    const res = await t.get<TagOption[]>('/api/v1/tags/search', { q: 'urg' }, t.admin);
    expect(res.data.map((x) => x.value)).toEqual(['urgent', 'not_urgent']);
    const typed = await t.get<TagOption[]>('/api/v1/tags/search', { q: '', type: 'school' }, t.admin);
    expect(typed.data.map((x) => x.value)).toEqual(['vip']);
    const limited = await t.get<TagOption[]>('/api/v1/tags/search', { q: '', limit: 1 }, t.admin);
    expect(limited.data).toHaveLength(1);
    const literal = await t.get<TagOption[]>('/api/v1/tags/search', { q: '%' }, t.admin);
    expect(literal.data).toEqual([]);
  });

  it('answers prefix searches from the lower-cased name indexes', async () => {
    if (t.db.dialect !== 'sqlite') return; // PostgreSQL's planner prefers a scan on a table this small
    const plan = await sql<{ detail: string }>`explain query plan select id from tag
      where lower(label) >= 'urg' and lower(label) < 'urh' and lower(label) like 'urg%' escape '\\'`.execute(t.db.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('tag_label_lower_ix');
  });

  it('filters by status, updates and removes', async () => {
    const disabled = (await listTags({ status: 'disabled' })).list;
    expect(disabled.map((x) => x.value)).toEqual(['urgent_old']);
    const tag = disabled[0]!;
    const upd = await t.post<Tag>(
      `${BASE}/update`,
      { ...tag, status: 'enabled', label2: null, description: null },
      t.admin,
    );
    expect(upd.data.status).toBe('enabled');
    expect((await t.post(`${BASE}/remove`, { id: tag.id }, t.admin)).meta.code).toBe(200);
    expect((await t.get(`${BASE}/view`, { id: tag.id }, t.admin)).meta.code).toBe(404);
  });
});
