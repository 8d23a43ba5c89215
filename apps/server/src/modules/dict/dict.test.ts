import { describe, expect, it } from 'vitest';
import { DICT_TYPES, type DictEntry, type DictOption, type DictTypeSummary, type Page } from '@study-crm/shared';
import { seedDicts } from '../../seed/dict.seed.js';
import { useTestApp } from '../../test/signed-in.js';

const BASE = '/admin/v1/sys/dict';

describe('dictionaries', () => {
  const t = useTestApp({ signIn: true });
  const add = (v: Record<string, string | number | null>) => t.post<DictEntry>(`${BASE}/add`, v, t.admin);
  const options = (type: string) =>
    t.get<DictOption[]>('/api/v1/sys/dict/list', { type, pageSize: '', pageNum: '' }, t.admin);

  it('seeds the product dictionaries in Chinese and English', async () => {
    const currency = await options(DICT_TYPES.currency);
    expect(currency.meta.code).toBe(200);
    expect(currency.data.map((o) => o.value)).toEqual(['GBP', 'CNY', 'HKD', 'USD', 'EUR']);
    expect(currency.data[0]).toEqual({ value: 'GBP', label: '英鎊', label2: 'Pound sterling', color: null });
    const types = await t.get<DictTypeSummary[]>(`${BASE}/typeList`, {}, t.admin);
    for (const type of Object.values(DICT_TYPES)) expect(types.data.map((x) => x.type)).toContain(type);
    const paymentType = await options(DICT_TYPES.paymentType);
    expect(paymentType.data.map((o) => o.value)).toEqual(['collection', 'refund']);
  });

  it('seeding again never overwrites staff edits or brings back deleted entries', async () => {
    const page = await t.get<Page<DictEntry>>(`${BASE}/list`, { type: DICT_TYPES.gender }, t.admin);
    const male = page.data.list.find((e) => e.value === 'male')!;
    const other = page.data.list.find((e) => e.value === 'other')!;
    await t.post(`${BASE}/update`, { ...male, label: '男性', description: null, color: null }, t.admin);
    await t.post(`${BASE}/remove`, { id: other.id }, t.admin);
    expect(await seedDicts(t.db.db, Date.now())).toBe(0);
    const after = await options(DICT_TYPES.gender);
    expect(after.data.map((o) => [o.value, o.label])).toEqual([
      ['male', '男性'],
      ['female', '女'],
    ]);
  });

  it('returns enabled options in sort order, smaller first', async () => {
    await add({ type: 'demo_sort', value: 'c', label: '丙', sort: 30 });
    await add({ type: 'demo_sort', value: 'a', label: '甲', label2: 'A', sort: 10, color: '#FF0000' });
    await add({ type: 'demo_sort', value: 'b', label: '乙', sort: 20, status: 'disabled' });
    await add({ type: 'demo_sort', value: 'z', label: '零', sort: -5 });
    const res = await options('demo_sort');
    expect(res.data).toEqual([
      { value: 'z', label: '零', label2: null, color: null },
      { value: 'a', label: '甲', label2: 'A', color: '#FF0000' },
      { value: 'c', label: '丙', label2: null, color: null },
    ]);
    const types = await t.get<DictTypeSummary[]>(`${BASE}/typeList`, { keyword: 'demo_sort' }, t.admin);
    expect(types.data).toEqual([{ type: 'demo_sort', count: 4, enabledCount: 3 }]);
  });

  it('filters the admin list by type and status and searches names', async () => {
    const disabled = await t.get<Page<DictEntry>>(`${BASE}/list`, { type: 'demo_sort', status: 'disabled' }, t.admin);
    expect(disabled.data.list.map((e) => e.value)).toEqual(['b']);
    const search = await t.get<Page<DictEntry>>(`${BASE}/list`, { keyword: '英鎊' }, t.admin);
    expect(search.data.list.map((e) => e.value)).toEqual(['GBP']);
    const paged = await t.get<Page<DictEntry>>(`${BASE}/list`, { type: 'demo_sort', pageSize: 2, pageNum: 2 }, t.admin);
    expect(paged.data).toMatchObject({ total: 4, pageNum: 2, pageSize: 2 });
    expect(paged.data.list.map((e) => e.value)).toEqual(['b', 'c']);
  });

  it('refuses a missing type, value or Chinese label, naming the field, and writes nothing', async () => {
    for (const [field, body] of [
      ['type', { value: 'v', label: 'l' }],
      ['value', { type: 'demo_req', label: 'l' }],
      ['label', { type: 'demo_req', value: 'v', label: '  ' }],
    ] as const) {
      const res = await add(body);
      expect(res.meta.code).toBe(400);
      expect(res.meta.message).toContain(field);
    }
    expect((await options('demo_req')).data).toEqual([]);
  });

  it('refuses a duplicate (type, value) with a localised message', async () => {
    const res = await t.post(
      `${BASE}/add`,
      { type: 'demo_sort', value: 'a', label: '再' },
      { ...t.admin, locale: 'en-US' },
    );
    expect(res.meta).toEqual({ code: 5411, message: 'Dictionary type demo_sort already has the value a' });
    const c = (await t.get<Page<DictEntry>>(`${BASE}/list`, { type: 'demo_sort', keyword: '丙' }, t.admin)).data
      .list[0]!;
    const clash = await t.post(`${BASE}/update`, { id: c.id, type: 'demo_sort', value: 'a', label: '丙' }, t.admin);
    expect(clash.meta.code).toBe(5411);
  });

  it('refuses a colour that is not hex and an options call without a type', async () => {
    const res = await add({ type: 'demo_col', value: 'x', label: 'x', color: 'red;' });
    expect(res.meta.code).toBe(400);
    expect(res.meta.message).toContain('color');
    const noType = await t.get('/api/v1/sys/dict/list', { type: '', pageSize: '', pageNum: '' }, t.admin);
    expect(noType.meta.code).toBe(400);
  });

  it('lets any signed-in member read options but only dict holders manage entries', async () => {
    expect((await t.get('/api/v1/sys/dict/list', { type: 'currency' })).meta.code).toBe(401);
  });
});
