import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';

type Versioned = { id: number; version: number };
type Fields = Record<string, string | number | null>;

// Configs, dictionary entries, tags and labels: an update made from a stale copy is refused with 409.
const RESOURCES: { name: string; base: string; create: Fields; change: Fields }[] = [
  {
    name: 'config',
    base: '/admin/v1/sys/sysConfigs',
    create: { key: 'support.email', platform: 'WEB', prodValue: 'a@example.com' },
    change: { key: 'support.email', platform: 'WEB', prodValue: 'b@example.com' },
  },
  {
    name: 'dictionary entry',
    base: '/admin/v1/sys/dict',
    create: { type: 'e2e_kind', value: 'one', label: '一' },
    change: { type: 'e2e_kind', value: 'one', label: '壹' },
  },
  {
    name: 'tag',
    base: '/admin/v1/tags',
    create: { type: 'student', value: 'vip', label: '重點', label2: 'VIP' },
    change: { type: 'student', value: 'vip', label: '重點', label2: 'Key' },
  },
  {
    name: 'label',
    base: '/api/v1/mc/labels',
    create: { name: '2027 入學' },
    change: { name: '2028 入學' },
  },
];

describe('optimistic version of configs, dictionary entries, tags and labels', () => {
  const t = useTestApp({ signIn: true });

  for (const r of RESOURCES) {
    it(`a ${r.name} update from a stale copy answers 409 and changes nothing`, async () => {
      const added = await t.post<Versioned>(`${r.base}/add`, r.create, t.admin);
      expect(added.meta.code).toBe(200);
      expect(added.data.version).toBe(1);
      const { id } = added.data;

      const first = await t.post<Versioned & Fields>(`${r.base}/update`, { ...r.change, id, version: 1 }, t.admin);
      expect(first.meta.code).toBe(200);
      expect(first.data.version).toBe(2);

      // A second editor still holding version 1 (e.g. a form opened before the first save).
      const stale = await t.post(`${r.base}/update`, { ...r.create, id, version: 1 }, { ...t.admin, locale: 'en-US' });
      expect(stale.meta.code).toBe(409);
      const view = await t.get<Versioned & Fields>(`${r.base}/view`, { id }, t.admin);
      expect(view.data.version).toBe(2);
      for (const [k, v] of Object.entries(r.change)) expect(view.data[k]).toBe(v);

      // A copy read after the save goes through; an update without a version (older callers) too.
      expect((await t.post(`${r.base}/update`, { ...r.create, id, version: 2 }, t.admin)).meta.code).toBe(200);
      const blind = await t.post<Versioned>(`${r.base}/update`, { ...r.change, id }, t.admin);
      expect(blind.data.version).toBe(4);
      const listed = await t.get<{ list: Versioned[] }>(`${r.base}/list`, { pageSize: 100 }, t.admin);
      expect(listed.data.list.find((row) => row.id === id)?.version).toBe(4);

      const bad = await t.post(`${r.base}/update`, { ...r.change, id, version: 'x' }, t.admin);
      expect(bad.meta.code).toBe(400);
      expect(bad.meta.message).toContain('version');
    });
  }
});
