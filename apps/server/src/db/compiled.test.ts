import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/signed-in.js';
import { compileShapes } from './compiled.js';

// A query compiled once per shape (issue 43): every later call of a shape binds its own values into the SQL text
// compiled for the first, and a value that does not come from a slot (it would be the first call's for good) is refused.
describe('compileShapes', () => {
  const t = useTestApp();

  it('binds each call its own values, one compiled text per shape', async () => {
    const db = t.db.db;
    const builds: string[] = [];
    const roles = compileShapes(db, (f: { named: boolean }, s) => {
      builds.push(f.named ? 'named' : 'all');
      let q = db.selectFrom('role').select('role.name').where('role.id', '>=', s.from!);
      if (f.named) q = q.where('role.name', '=', s.name!);
      return q.orderBy('role.id');
    });
    const names = async (key: string, f: { named: boolean }, values: Record<string, unknown>) =>
      (await roles(key, f, values)).rows.map((r) => r.name);
    for (const name of ['shape-a', 'shape-b'])
      await db
        .insertInto('role')
        .values({ name, cnName: name, kind: 'general', isBuiltin: 0, createdAt: 0, updatedAt: 0 })
        .execute();
    const all = await db.selectFrom('role').select(['id', 'name']).orderBy('id').execute();
    expect(all.length).toBeGreaterThan(1);
    expect(await names('all', { named: false }, { from: 0 })).toEqual(all.map((r) => r.name));
    expect(await names('all', { named: false }, { from: all[1]!.id })).toEqual(all.slice(1).map((r) => r.name));
    expect(await names('named', { named: true }, { from: 0, name: all[0]!.name })).toEqual([all[0]!.name]);
    expect(await names('named', { named: true }, { from: 0, name: all[1]!.name })).toEqual([all[1]!.name]);
    expect(await names('named', { named: true }, { from: all[1]!.id, name: all[0]!.name })).toEqual([]);
    expect(builds).toEqual(['all', 'named']);
  });

  it('refuses a value that is not a slot', () => {
    const db = t.db.db;
    const baked = compileShapes(db, (name: string, s) =>
      db.selectFrom('role').select('role.id').where('role.id', '>=', s.from!).where('role.name', '=', name),
    );
    expect(() => baked('x', 'admin', { from: 0 })).toThrow(/not from a slot/);
  });
});
