import { describe, expect, it } from 'vitest';
import type { AuditPage } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';

const LOGS = '/admin/v1/sys/auditLogs';

describe('the operation log by time', () => {
  const t = useTestApp({ signIn: true });
  const list = (q: Record<string, string | number>) => t.get<AuditPage>(LOGS, { pageSize: 200, ...q }, t.admin);

  it('filters by instants (the screen’s local days), from inclusive and to exclusive, over the UTC days', async () => {
    const all = (await list({})).data;
    const entry = all.list[0]!;
    const at = entry.createdAt;
    const ids = async (q: Record<string, string | number>) => (await list(q)).data.list.map((e) => e.id);
    expect(await ids({ from: at, to: at + 1 })).toContain(entry.id);
    expect(await ids({ from: at + 1 })).not.toContain(entry.id);
    expect(await ids({ to: at })).not.toContain(entry.id);
    // The instants win over days that would exclude the entry.
    expect(await ids({ from: at, to: at + 1, dateTo: '2020-01-01' })).toContain(entry.id);
    // The UTC days still work for other callers.
    expect((await list({ dateTo: '2020-01-01' })).data.total).toBe(0);
    expect((await list({ from: 'yesterday' })).meta).toMatchObject({ code: 400 });
  });
});
