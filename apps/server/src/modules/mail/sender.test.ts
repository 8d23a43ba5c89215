import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailAgent, MailSender, MailSenderTestResult, Page } from '@study-crm/shared';
import { startSmtpServer } from '../../test/smtp-fixture.js';
import { createMailRepository } from './mail.repository.js';
import type { TestApp } from '../../test/harness.js';
import { withSignedInApp } from '../../test/signed-in.js';

const BASE = '/admin/v1/mailSenders';

describe('mail servers', () => {
  let t: TestApp;
  let token: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  withSignedInApp((app, session) => {
    t = app;
    token = session.token;
  });
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'office@example.com', pass: 'right-pass' });
  });
  afterAll(async () => smtp?.close());

  const valid = () => ({
    host: '127.0.0.1',
    port: smtp.port,
    account: 'office@example.com',
    password: 'right-pass',
    tlsMode: 'none',
    displayName: '留學顧問',
  });

  it('refuses a missing host, port, account or password, naming the field', async () => {
    for (const field of ['host', 'port', 'account', 'password'] as const) {
      const res = await t.post(`${BASE}/add`, { ...valid(), [field]: '' }, { token });
      expect(res.meta.code, field).toBe(400);
      expect(res.meta.message).toContain(field);
    }
    expect((await t.get<Page<MailSender>>(`${BASE}/list`, {}, { token })).data.total).toBe(0);
  });

  it('stores the password encrypted and never returns it', async () => {
    const res = await t.post<MailSender>(`${BASE}/add`, valid(), { token });
    expect(res.meta.code).toBe(200);
    expect(res.data).toMatchObject({ account: 'office@example.com', tlsMode: 'none', hasPassword: true });
    expect(JSON.stringify(res.data)).not.toContain('right-pass');
    const stored = await t.db.db.selectFrom('mailSender').select('passwordEnc').executeTakeFirstOrThrow();
    expect(stored.passwordEnc).toMatch(/^v1\./);
    expect(stored.passwordEnc).not.toContain('right-pass');
    const list = await t.get<Page<MailSender>>(`${BASE}/list`, {}, { token });
    expect(JSON.stringify(list.data)).not.toContain('passwordEnc');
    expect(t.logs.join('')).not.toContain('right-pass');
  });

  it('tests the connection: success, and a wrong password in the caller language', async () => {
    const sender = (await t.get<Page<MailSender>>(`${BASE}/list`, {}, { token })).data.list[0]!;
    const ok = await t.post<MailSenderTestResult>(`${BASE}/test`, { id: sender.id }, { token });
    expect(ok.data.isOk).toBe(true);
    // An empty password on update keeps the stored one; a new one replaces it.
    const kept = await t.post<MailSender>(
      `${BASE}/update`,
      { ...valid(), id: sender.id, password: '', tlsMode: '' },
      { token },
    );
    expect(kept.data.tlsMode).toBe('none');
    expect((await t.post<MailSenderTestResult>(`${BASE}/test`, { id: sender.id }, { token })).data.isOk).toBe(true);
    await t.post(`${BASE}/update`, { ...valid(), id: sender.id, password: 'wrong-pass' }, { token });
    const bad = await t.post<MailSenderTestResult>(`${BASE}/test`, { id: sender.id }, { token, locale: 'zh-TW' });
    expect(bad.data.isOk).toBe(false);
    expect(bad.data.message).toContain('郵件伺服器拒絕帳號或密碼');
    expect(bad.data.message).toContain('535');
  });

  it('asks for the password again when the host, port, account or TLS mode changes; keeps it otherwise', async () => {
    const sender = (await t.get<Page<MailSender>>(`${BASE}/list`, {}, { token })).data.list[0]!;
    const update = (body: Record<string, unknown>) =>
      t.post<MailSender>(`${BASE}/update`, { ...valid(), id: sender.id, ...body }, { token });
    expect((await update({})).meta.code).toBe(200);
    const before = await t.db.db.selectFrom('mailSender').selectAll().where('id', '=', sender.id).executeTakeFirst();
    // The stored password would go to whatever server the sender now names (a "test" would hand it over).
    for (const moved of [
      { host: 'localhost' },
      { port: smtp.port + 1 },
      { account: 'x@example.com' },
      { tlsMode: 'tls' },
    ]) {
      const res = await update({ ...moved, password: '' });
      expect(res.meta.code, JSON.stringify(moved)).toBe(400);
      expect(res.meta.message).toContain('password');
    }
    const after = await t.db.db.selectFrom('mailSender').selectAll().where('id', '=', sender.id).executeTakeFirst();
    expect(after).toEqual(before);
    // With the password given again the connection changes; an edit that keeps the connection keeps the password.
    expect((await update({ host: 'localhost' })).data.host).toBe('localhost');
    const kept = await update({ host: 'localhost', password: '', tlsMode: '', displayName: 'Office' });
    expect(kept.meta.code).toBe(200);
    expect(kept.data).toMatchObject({ displayName: 'Office', hasPassword: true });
    expect((await t.post<MailSenderTestResult>(`${BASE}/test`, { id: sender.id }, { token })).data.isOk).toBe(true);
    expect((await update({})).meta.code).toBe(200);
  });

  it('refuses to remove a sender that has sent e-mails (5440)', async () => {
    const sender = (await t.get<Page<MailSender>>(`${BASE}/list`, {}, { token })).data.list[0]!;
    const sent = await t.post<{ id: number }>(
      '/admin/v1/message/email/add',
      { senderId: sender.id, recipients: 'x@example.com', subject: 's', content: 'c', platform: 'WEB' },
      { token },
    );
    expect(sent.meta.code).toBe(200);
    const res = await t.post(`${BASE}/remove`, { id: sender.id }, { token });
    expect(res.meta).toEqual({ code: 5440, message: 'This mail server has sent e-mails and cannot be removed' });
    // Past the check (an e-mail written meanwhile), the foreign key still refuses.
    expect(await createMailRepository(t.db.db).deleteSender(sender.id)).toBe('inUse');
    // Another sender for the next test.
    await t.post(`${BASE}/add`, { ...valid(), account: 'second@example.com' }, { token });
  });

  it('lists the senders for the e-mail form and removes one', async () => {
    const agents = await t.get<EmailAgent[]>('/admin/v1/message/email/emailAgents', {}, { token });
    expect(agents.data.map((a) => a.account)).toEqual(['office@example.com', 'second@example.com']);
    expect(agents.data[0]!.displayName).toBe('留學顧問');
    const id = agents.data[1]!.id;
    expect((await t.post(`${BASE}/remove`, { id }, { token })).meta.code).toBe(200);
    expect((await t.get(`${BASE}/view`, { id }, { token })).meta.code).toBe(404);
  });
});
