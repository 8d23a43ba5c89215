import { describe, expect, it } from 'vitest';
import type { ApplicationSaved, ErasureResult } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { BASE, fullForm } from '../../test/application-fixtures.js';
import { scanTextColumns } from '../../test/text-scan.js';
import { testClock } from '../../test/harness.js';
import { insertPassportReminder } from '../../test/rows.js';
import { REMINDER_SOURCE } from '../application/index.js';
import { createOutboxRepository } from '../delivery/index.js';
import { createMailRepository, createRecordCopies } from '../mail/index.js';

const ERASE = '/admin/v1/sys/privacy/erasure/erase';
const TEACHER_EMAIL = 'reminded.teacher@example.test';
const STUDENT = { name: '馬區潘', engFirstName: 'Ottilie', engLastName: 'Marchpane', email: 'ottilie.m@example.com' };
const TITLE = 'Ottilie Marchpane · passport expiry · D-7';

// A reminder of the student's application e-mailed to their teacher (the reminder run's copy through the mail
// module's outbox path): the e-mail is the teacher's, its subject and text name the student.
describe("erasing a person: the reminder e-mails about them in others' outbox", () => {
  const t = useTestApp({ signIn: true, env: { DELIVERY_WORKER: 'off' } });

  it('blanks the subject and text of a reminder e-mail sent to a teacher; the teacher stays its recipient', async () => {
    const app = await t.post<ApplicationSaved>(
      `${BASE}/create`,
      fullForm({ ...STUDENT, status: 'submitted' }),
      t.admin,
    );
    expect(app.meta.code, app.meta.message).toBe(200);
    const now = Date.now();
    const db = t.db.db;
    await db
      .insertInto('mailSender')
      .values({
        host: 'smtp.invalid',
        port: 25,
        account: 'reminders',
        passwordEnc: 'x',
        tlsMode: 'none',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const reminderId = await insertPassportReminder(db, {
      applicationId: app.data.id,
      teacherId: t.admin.mid,
      subjectKey: 'passport',
      now,
    });
    const copies = createRecordCopies({
      repo: createMailRepository(db),
      outbox: createOutboxRepository(db, t.db.dialect),
      worker: { nudge: () => undefined },
      clock: testClock(now),
    });
    const emailId = await copies.queue(
      db,
      {
        source: REMINDER_SOURCE,
        sourceId: reminderId,
        subject: TITLE,
        text: `${TITLE}\n\nhttps://portal.example/applicationManage/applicationDetail?id=${app.data.id}`,
        to: [TEACHER_EMAIL],
      },
      null,
    );
    expect(emailId).toBeDefined();
    await db
      .updateTable('deliveryOutbox')
      .set({ status: 'sent', sentAt: now })
      .where('messageId', '=', emailId!)
      .execute();
    expect(await scanTextColumns(db, ['Marchpane'])).toContain('email_message.subject: Marchpane');

    const closed = await t.post(`${BASE}/updateOther`, { id: app.data.id, version: 1, status: 'withdrawn' }, t.admin);
    expect(closed.meta.code).toBe(200);
    const res = await t.post<ErasureResult>(ERASE, { id: app.data.studentId! }, t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);

    const email = await db
      .selectFrom('emailMessage')
      .select(['subject', 'content', 'bodyHtml'])
      .where('id', '=', emailId!)
      .executeTakeFirstOrThrow();
    expect(email).toEqual({ subject: '', content: '', bodyHtml: '' });
    // The outbox row stays the teacher's, as sent: the count of what was sent to them stays.
    const outbox = await db
      .selectFrom('deliveryOutbox')
      .select(['recipient', 'status'])
      .where('channel', '=', 'email')
      .where('messageId', '=', emailId!)
      .execute();
    expect(outbox).toEqual([{ recipient: TEACHER_EMAIL, status: 'sent' }]);
    expect(await scanTextColumns(db, ['Marchpane', 'Ottilie', TITLE])).toEqual([]);
  });
});
