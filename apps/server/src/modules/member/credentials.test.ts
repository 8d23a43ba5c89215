import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import { staffWith } from '../../test/application-fixtures.js';
import { systemClock } from '../../lib/clock.js';
import { createCredentialRepository } from './credentials.repository.js';
import { createMemberCredentials } from './credentials.service.js';

// The sign-in ways a member keeps (spec: unbinding never takes the last one). The service checks before it writes;
// the write itself refuses to clear the last way, so two unbinds racing (the e-mail and the mobile) cannot both
// succeed.
describe('contact changes keep a way to sign in', () => {
  const t = useTestApp();
  const phone = { areaCode: '44', mobile: '7700900123' };
  let n = 0;
  const memberWith = async (values: { loginName: string | null; email: string | null; mobile: boolean }) => {
    n += 1;
    const id = await staffWith(t, `ways${n}`, []);
    await t.db.db
      .updateTable('member')
      .set({
        loginName: values.loginName,
        email: values.email,
        areaCode: values.mobile ? phone.areaCode : null,
        mobile: values.mobile ? `${phone.mobile.slice(0, -1)}${n % 10}` : null,
      })
      .where('id', '=', id)
      .execute();
    const row = await t.db.db
      .selectFrom('member')
      .select(['email', 'areaCode', 'mobile'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, email: row.email, phone: row.mobile ? { areaCode: row.areaCode!, mobile: row.mobile } : null };
  };
  const repo = () => createCredentialRepository(t.db.db);
  const now = Date.now();

  it('does not clear the e-mail or the mobile when it is the last way to sign in', async () => {
    const onlyEmail = await memberWith({ loginName: null, email: `only${Date.now()}@example.com`, mobile: false });
    expect(
      await t.db.db.transaction().execute((tx) => repo().setEmail(tx, onlyEmail.id, onlyEmail.email, null, now)),
    ).toBe('stale');
    const onlyMobile = await memberWith({ loginName: null, email: null, mobile: true });
    expect(
      await t.db.db.transaction().execute((tx) => repo().setMobile(tx, onlyMobile.id, onlyMobile.phone, null, now)),
    ).toBe('stale');
    const both = await memberWith({ loginName: null, email: `both${Date.now()}@example.com`, mobile: true });
    expect(await t.db.db.transaction().execute((tx) => repo().setEmail(tx, both.id, both.email, null, now))).toBe(
      'changed',
    );
  });

  // Sign-in by name reads login names and e-mails: an e-mail bound (or a student's, made from an application) is never
  // another member's login name. The binding's write checks again in its transaction.
  it("refuses to bind an e-mail that is another member's login name (400), and makes no student with it", async () => {
    const holder = await memberWith({ loginName: `Bound${Date.now()}@Example.com`, email: null, mobile: false });
    const loginName = (
      await t.db.db.selectFrom('member').select('loginName').where('id', '=', holder.id).executeTakeFirstOrThrow()
    ).loginName!;
    const m = await memberWith({ loginName: null, email: `binder${Date.now()}@example.com`, mobile: false });
    const credentials = createMemberCredentials(t.db.db, systemClock);
    const taken = loginName.toLowerCase();
    await expect(credentials.emailTaken(taken, m.id)).rejects.toMatchObject({ code: 400, params: { field: 'email' } });
    await expect(
      t.db.db.transaction().execute((tx) => credentials.setEmail(tx, m.id, m.email, taken, now)),
    ).rejects.toMatchObject({ code: 400, params: { field: 'email' } });
    const row = await t.db.db.selectFrom('member').select('email').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(m.email);
    // The holder's own login name stays theirs to bind as an e-mail.
    expect(await credentials.emailTaken(taken, holder.id)).toBe(false);
    const student = await t.db.db
      .transaction()
      .execute((tx) =>
        credentials.insertStudent(
          tx,
          { fullName: 'Student', engLastName: null, engFirstName: null, email: taken, areaCode: null, mobile: null },
          now,
        ),
      );
    expect(student).toBeUndefined();
    const students = await t.db.db.selectFrom('member').select('id').where('email', '=', taken).execute();
    expect(students).toEqual([]);
  });

  it('lets one of two racing unbinds through, never both', async () => {
    const m = await memberWith({ loginName: null, email: `race${Date.now()}@example.com`, mobile: true });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // The mobile's unbind has written its row and not committed yet when the e-mail's begins.
    const mobileUnbind = t.db.db.transaction().execute(async (tx) => {
      const outcome = await repo().setMobile(tx, m.id, m.phone, null, now);
      written();
      await gate;
      return outcome;
    });
    await wrote;
    const emailUnbind = t.db.db.transaction().execute((tx) => repo().setEmail(tx, m.id, m.email, null, now));
    setTimeout(release, 50);
    expect(await Promise.all([mobileUnbind, emailUnbind])).toEqual(['changed', 'stale']);
    const row = await t.db.db
      .selectFrom('member')
      .select(['email', 'mobile'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: m.email, mobile: null });
  });
});
