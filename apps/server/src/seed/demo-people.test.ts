import { describe, expect, it } from 'vitest';
import { personSearchText, searchText } from '@study-crm/shared';
import { paymentSearchKey } from '../modules/payment/index.js';
import { useTestApp } from '../test/signed-in.js';
import { seedDemoApplications } from './demo-applications.js';
import { DEMO_EMAIL_DOMAIN, DEMO_ROLE_NAME, seedDemoMembers } from './demo-members.js';
import { DEMO_PAYMENT_PREFIX, seedDemoPayments } from './demo-payments.js';

// Decision 240: demo members and payments are generated in SQL; their derived columns equal what the app writes.
describe('demo members and payments seed', () => {
  const t = useTestApp();

  it('seeds members in chunks with the search text the member module writes, staff holding the demo role', async () => {
    const db = t.db.db;
    expect(await seedDemoMembers(db, 130, { batchSize: 50 })).toBe(130);
    expect(await seedDemoMembers(db, 150, { batchSize: 50 })).toBe(20);
    expect(await seedDemoMembers(db, 100)).toBe(0);
    const rows = await db
      .selectFrom('member')
      .selectAll()
      .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(150);
    expect(rows[0]).toMatchObject({
      email: `wing.chan.0@${DEMO_EMAIL_DOMAIN}`,
      areaCode: '44',
      mobile: '7000000000',
      fullName: '陳家明',
      nickName: 'Ace',
      memberType: 'staff',
      status: 'inactive',
      identityStatus: 'unverified',
    });
    expect(rows[41]).toMatchObject({
      engLastName: 'Cheung',
      engFirstName: 'Ka Man',
      areaCode: '86',
      mobile: '13000000041',
    });
    for (const r of rows) expect(r.searchText).toBe(personSearchText(r));
    expect(rows.filter((r) => r.memberType === 'student')).toHaveLength(15);
    expect(new Set(rows.map((r) => `${r.areaCode} ${r.mobile}`)).size).toBe(150);
    const role = await db.selectFrom('role').select('id').where('name', '=', DEMO_ROLE_NAME).executeTakeFirstOrThrow();
    const holders = await db.selectFrom('memberRole').select('memberId').where('roleId', '=', role.id).execute();
    expect(holders.map((h) => h.memberId).sort((a, b) => a - b)).toEqual(
      rows.filter((r) => r.memberType === 'staff').map((r) => r.id),
    );
    // The staff list finds them by part of a name.
    const list = await t.get<{ total: number }>(
      '/api/v1/mc/member',
      { pageSize: 5, keyword: 'ka man' },
      { token: (await t.login()).token },
    );
    expect(list.data.total).toBe(rows.filter((r) => r.engFirstName === 'Ka Man' && r.memberType === 'staff').length);
  });

  it('seeds payments over the applications with their log entries, search keys and kept totals', async () => {
    const db = t.db.db;
    await seedDemoApplications(db, 40, 40);
    expect(await seedDemoPayments(db, 250, () => undefined, 100)).toBe(250);
    expect(await seedDemoPayments(db, 300, () => undefined, 100)).toBe(50);
    expect(await seedDemoPayments(db, 300, () => undefined)).toBe(0);
    const rows = await db
      .selectFrom('paymentRecord')
      .innerJoin('application', 'application.id', 'paymentRecord.applicationId')
      .selectAll('paymentRecord')
      .select(['application.name as appName', 'application.memberId as appMember'])
      .where('title', 'like', `${DEMO_PAYMENT_PREFIX}%`)
      .orderBy('paymentRecord.id')
      .execute();
    expect(rows).toHaveLength(300);
    expect(rows.map((r) => r.title.split(' · ')[0])).toEqual(rows.map((_, i) => `${DEMO_PAYMENT_PREFIX} ${i + 1}`));
    for (const r of rows) {
      expect(r.studentName).toBe(r.appName);
      expect(r.studentId).toBe(r.appMember);
      expect(r.searchName).toBe(paymentSearchKey(r.studentName));
      expect(r.searchText).toBe(searchText([r.studentName, r.title]));
      expect(r.transactionDate).toBe(new Date(r.createdAt).toISOString().slice(0, 10));
      expect(r.confirmedAt !== null).toBe(r.status === 'confirmed');
      expect(r.voidedAt !== null).toBe(r.status === 'voided');
      if (r.currency === 'JPY') expect(r.amountMinor).toBeGreaterThanOrEqual(50);
      else expect(r.amountMinor).toBeGreaterThanOrEqual(5000);
    }
    const share = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length / rows.length;
    expect(share((r) => r.status === 'confirmed')).toBeGreaterThan(0.45);
    expect(share((r) => r.status === 'voided')).toBeGreaterThan(0);
    expect(share((r) => r.type === 'refund')).toBeGreaterThan(0.03);
    expect(share((r) => r.currency === 'GBP')).toBeGreaterThan(0.3);
    expect(new Set(rows.map((r) => r.applicationId)).size).toBeGreaterThan(30);
    // One 'create' entry each, one 'confirm' for each confirmed payment.
    const tracks = await db.selectFrom('paymentTrack').select(['paymentId', 'operation', 'changes']).execute();
    expect(tracks.filter((x) => x.operation === 'create')).toHaveLength(300);
    expect(tracks.filter((x) => x.operation === 'confirm')).toHaveLength(rows.filter((r) => r.confirmedAt).length);
    const first = tracks.find((x) => x.paymentId === rows[0]!.id && x.operation === 'create')!;
    expect(JSON.parse(first.changes)).toEqual([{ field: 'title', before: null, after: rows[0]!.title }]);
    // The summary the triggers keep agrees with the rows.
    const summary = await db.selectFrom('paymentSummary').select(['n', 'amountMinor']).execute();
    expect(summary.reduce((s, x) => s + Number(x.n), 0)).toBe(300);
    expect(summary.reduce((s, x) => s + Number(x.amountMinor), 0)).toBe(rows.reduce((s, r) => s + r.amountMinor, 0));
  });
});
