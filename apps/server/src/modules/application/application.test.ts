import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/signed-in.js';
import type { ApplicationPageSchema, ApplicationSaved, ApplicationView } from '@study-crm/shared';
import { PERM } from '@study-crm/shared';
import type { z } from 'zod';
import { testClock, type Values } from '../../test/harness.js';
import { BASE, fullForm, staffWith } from '../../test/application-fixtures.js';
import { expectParamError } from '../../test/expect-envelope.js';
import { auditEntriesOf } from '../../test/audit-log.js';

type Page = z.infer<typeof ApplicationPageSchema>;

describe('applications', () => {
  const t = useTestApp({ signIn: true });
  let teacherId: number;
  const create = (v: Values = {}) => t.post<ApplicationSaved>(`${BASE}/create`, fullForm(v), t.admin);
  // The sentence before the hint and the bracketed code and field.
  const reason = (message: string) => message.replace(/\. Check it and try again\. \[400 · .*\]$/, '');

  beforeAll(async () => {
    teacherId = await staffWith(t, 'teacher1', []);
  });

  it('creates an application with every section and its student member, then views it back', async () => {
    const res = await create({ signingTeacherId: teacherId, followTeacherId: teacherId });
    expect(res.meta.code).toBe(200);
    expect(res.data.version).toBe(1);
    expect(res.data.warnings).toEqual([]);
    expect(res.data.studentId).toBeGreaterThan(0);
    const student = await t.db.db
      .selectFrom('member')
      .select(['memberType', 'passwordHash', 'email', 'fullName'])
      .where('id', '=', res.data.studentId!)
      .executeTakeFirstOrThrow();
    expect(student).toEqual({
      memberType: 'student',
      passwordHash: null,
      email: 'xiaoming@example.com',
      fullName: '王小明',
    });

    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: res.data.id }, t.admin);
    expect(view.meta.code).toBe(200);
    expect(view.data).toMatchObject({
      name: '王小明',
      passportExpiryDate: '2032-01-09',
      status: 'submitted',
      signingTeacherId: teacherId,
      educations: [{ school: 'Taipei First Girls High', gpa: '3.8', endDate: '2022-06-30' }],
      jobs: [{ unitName: 'TSMC', title: 'Intern' }],
      languageScores: [{ testType: 'ielts_academic', listening: 7, reading: 6.5, total: 6.5, isUkvi: 1 }],
      referrers: [{ lastName: 'Chen', webPush: 1, email: 'mei@example.com' }],
      targetSchools: [{ school: 'University College London', ucasCode: 'G400', majorLink: 'https://www.ucl.ac.uk/cs' }],
    });
  });

  it('links a second application of the same e-mail to the same student member', async () => {
    const a = await create({ email: 'same@example.com', mobile: null });
    const b = await create({ email: 'same@example.com', mobile: null, name: 'Same Again' });
    expect(a.data.studentId).toBe(b.data.studentId);
  });

  it('links two simultaneous new applications of one e-mail to one student member', async () => {
    const [a, b] = await Promise.all([
      create({ email: 'race@example.com', mobile: null }),
      create({ email: 'race@example.com', mobile: null }),
    ]);
    expect([a.meta.code, b.meta.code]).toEqual([200, 200]);
    expect(a.data.studentId).toBe(b.data.studentId);
  });

  it('saves the whole form with every section replaced, and bumps the version', async () => {
    const { data } = await create();
    const res = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      fullForm({
        id: data.id,
        version: 1,
        name: '王大明',
        city: 'London',
        educations: JSON.stringify([
          { school: 'A School', startDate: '2015-01-01', endDate: '2018-01-01' },
          { school: 'B College', startDate: '2018-09-01', endDate: '2022-06-01', gpa: '4.0' },
        ]),
        jobs: '[]',
        languageScores: JSON.stringify([
          { testType: 'toefl', listening: 25, reading: 28, writing: 22, speaking: 24, total: 99 },
          { testType: 'pte', listening: 70, reading: 65, writing: 80, speaking: 72, total: 71 },
        ]),
        referrers: '[]',
        targetSchools: JSON.stringify([
          { school: 'KCL', ucasCode: 'k60', applicationDate: '2026-11-01' },
          { school: 'LSE', major: 'Economics' },
        ]),
      }),
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    expect(res.data.version).toBe(2);
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin);
    expect(view.data.name).toBe('王大明');
    expect(view.data.city).toBe('London');
    expect(view.data.educations.map((e) => e.school)).toEqual(['A School', 'B College']);
    expect(view.data.jobs).toEqual([]);
    expect(view.data.languageScores.map((s) => s.total)).toEqual([99, 71]);
    expect(view.data.referrers).toEqual([]);
    expect(view.data.targetSchools.map((s) => s.ucasCode)).toEqual(['K60', null]);
    expect(view.data.version).toBe(2);
    // The list names the target schools in their order (read in the page's own statement).
    const list = await t.get<Page>(`${BASE}/list`, { keyword: '王大明', pageNum: 1, pageSize: 20 }, t.admin);
    expect(list.data.list.find((r) => r.id === data.id)?.targetSchools).toEqual(['KCL', 'LSE']);
  });

  it('refuses the second of two concurrent saves with 409 and keeps the first', async () => {
    const { data } = await create();
    const first = await t.post(`${BASE}/update`, fullForm({ id: data.id, version: 1, city: 'First' }), t.admin);
    expect(first.meta.code).toBe(200);
    const second = await t.post(`${BASE}/update`, fullForm({ id: data.id, version: 1, city: 'Second' }), t.admin);
    expect(second.meta).toEqual({
      code: 409,
      message: 'Someone else has changed this record; reload it before saving',
    });
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin);
    expect(view.data.city).toBe('First');
  });

  it('writes nothing when a child row is invalid (all sections or none)', async () => {
    const { data } = await create();
    const res = await t.post(
      `${BASE}/update`,
      fullForm({
        id: data.id,
        version: 1,
        name: 'Changed',
        educations: JSON.stringify([
          { school: 'ok' },
          { school: 'bad', startDate: '2020-01-01', endDate: '2019-01-01' },
        ]),
      }),
      t.admin,
    );
    expect(res.meta.code).toBe(400);
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin);
    expect(view.data.name).toBe('王小明');
    expect(view.data.version).toBe(1);
  });

  describe('validation names the field and the row', () => {
    const cases: [string, Values, string][] = [
      ['a missing name', { name: null }, 'name is required'],
      [
        'no contact at all',
        { email: null, mobile: null },
        'The e-mail address: an e-mail or a mobile number is required',
      ],
      ['a bad e-mail', { email: 'a@b' }, 'The e-mail address does not look like an e-mail address'],
      ['a mobile without region', { areaCode: null }, 'The country code: choose the region'],
      ['a bad mobile', { mobile: '12ab' }, 'The mobile number is not a correct phone number'],
      ['an invalid date', { birthday: '2004-02-30' }, 'birthday is not a valid date'],
      [
        'passport issued after expiry',
        { passportIssueDate: '2033-01-01' },
        'passportExpiryDate must be after the issue date',
      ],
      [
        'education ending before it starts',
        {
          educations: JSON.stringify([
            { school: 'a' },
            { school: 'b', startDate: '2020-02-01', endDate: '2020-01-01' },
          ]),
        },
        'educations.1.endDate must not be before the start date',
      ],
      [
        'a job ending before it starts',
        { jobs: JSON.stringify([{ unitName: 'x', startDate: '2020-02-01', endDate: '2020-01-01' }]) },
        'jobs.0.endDate must not be before the start date',
      ],
      [
        'an IELTS band off the half-band scale',
        { languageScores: JSON.stringify([{ testType: 'ielts_academic', listening: 6.3 }]) },
        'languageScores.0.listening: IELTS bands are 0–9',
      ],
      [
        'an IELTS overall inconsistent with the parts',
        {
          languageScores: JSON.stringify([
            { testType: 'ielts_academic', listening: 6, reading: 6, writing: 6, speaking: 6.5, total: 6.5 },
          ]),
        },
        'languageScores.0.total: the IELTS overall band does not match the four parts',
      ],
      [
        'a TOEFL section above 30',
        { languageScores: JSON.stringify([{ testType: 'toefl', reading: 31 }]) },
        'languageScores.0.reading: TOEFL section scores',
      ],
      [
        'a TOEFL total above 120',
        { languageScores: JSON.stringify([{ testType: 'toefl', total: 121 }]) },
        'languageScores.0.total: the TOEFL total',
      ],
      [
        'a PTE score below 10',
        { languageScores: JSON.stringify([{ testType: 'pte', speaking: 9 }]) },
        'languageScores.0.speaking: PTE scores',
      ],
      [
        'six UCAS choices',
        { targetSchools: JSON.stringify([1, 2, 3, 4, 5, 6].map((i) => ({ school: `S${i}`, ucasCode: `C${i}` }))) },
        'targetSchools.5.route: at most 5 UCAS choices per admissions cycle',
      ],
      [
        'a major link that is not a URL',
        { targetSchools: JSON.stringify([{ school: 'UCL', majorLink: 'ucl dot ac dot uk' }]) },
        'targetSchools.0.majorLink is not a valid http(s) link',
      ],
      [
        'a referrer e-mail',
        { referrers: JSON.stringify([{ lastName: 'A' }, { lastName: 'B', email: 'nope' }]) },
        'referrers.1.email does not look like an e-mail address',
      ],
      [
        'an IELTS for UKVI band off the half-band scale (the ielts* family)',
        { languageScores: JSON.stringify([{ testType: 'ielts_ukvi', reading: 9.5 }]) },
        'languageScores.0.reading: IELTS bands are 0–9',
      ],
      [
        'an IELTS band too small for a score column (on the half-band scale only within rounding)',
        { languageScores: JSON.stringify([{ testType: 'ielts_academic', listening: 1e-50 }]) },
        'languageScores.0.listening: IELTS bands are 0–9',
      ],
      [
        'a negative score of a test without range rules',
        { languageScores: JSON.stringify([{ testType: 'duolingo', total: -5 }]) },
        'languageScores.0.total: scores are 0 to 1000, with at most two decimals',
      ],
      [
        'a score of a test without range rules beyond what a score column holds',
        { languageScores: JSON.stringify([{ testType: 'duolingo', listening: 1e300 }]) },
        'languageScores.0.listening: scores are 0 to 1000, with at most two decimals',
      ],
      [
        'a score of a test without range rules finer than hundredths',
        { languageScores: JSON.stringify([{ testType: 'duolingo', total: 1e-50 }]) },
        'languageScores.0.total: scores are 0 to 1000, with at most two decimals',
      ],
      [
        'a status that is not in the dictionary',
        { status: 'offer' },
        'status is not an enabled option of dictionary application_status: offer',
      ],
      ['a gender that is not in the dictionary', { gender: 'M' }, 'gender is not an enabled option of dictionary'],
      [
        'a language test type that is not in the dictionary, naming the row',
        {
          languageScores: JSON.stringify([
            { testType: 'toefl', total: 100 },
            { testType: 'IELTS', total: 7 },
          ]),
        },
        'languageScores.1.testType is not an enabled option of dictionary language_test_type: IELTS',
      ],
      [
        'a referrer gender that is not in the dictionary, naming the row',
        {
          referrers: JSON.stringify([
            { lastName: 'A', gender: 'female' },
            { lastName: 'B', gender: 'x' },
          ]),
        },
        'referrers.1.gender is not an enabled option of dictionary gender',
      ],
      ['a section that is not JSON', { jobs: '[{oops' }, 'jobs has the wrong type'],
      ['a teacher who is not staff', { signingTeacherId: 999999 }, 'signingTeacherId is not an active staff member'],
    ];
    for (const [what, values, expected] of cases) {
      it(`refuses ${what}`, async () => {
        const res = await create(values);
        expect(res.meta.code).toBe(400);
        expect(reason(res.meta.message)).toContain(expected);
      });
    }

    it('accepts scores of a test without range rules, e.g. Duolingo 0–160', async () => {
      const res = await create({
        languageScores: JSON.stringify([{ testType: 'duolingo', total: 135, reading: 140 }]),
      });
      expect(res.meta.code).toBe(200);
    });

    it('follows the dictionary: a disabled entry is refused, a newly added one accepted', async () => {
      const row = () =>
        t.db.db.updateTable('dictEntry').where('type', '=', 'application_status').where('value', '=', 'withdrawn');
      await row().set({ status: 'disabled' }).execute();
      const disabled = await create({ status: 'withdrawn' });
      expect(disabled.meta.code).toBe(400);
      expect(reason(disabled.meta.message)).toContain('status is not an enabled option');
      await row().set({ status: 'enabled' }).execute();
      expect((await create({ status: 'withdrawn' })).meta.code).toBe(200);
      const added = await t.post(
        '/admin/v1/sys/dict/add',
        { type: 'language_test_type', value: 'cambridge_c1', label: '劍橋 C1', label2: 'Cambridge C1 Advanced' },
        t.admin,
      );
      expect(added.meta.code).toBe(200);
      const res = await create({ languageScores: JSON.stringify([{ testType: 'cambridge_c1', total: 190 }]) });
      expect(res.meta.code).toBe(200);
    });

    it('accepts the IELTS rounding rules (.25 up to .5, .75 up to the next band)', async () => {
      for (const [parts, total] of [
        [[6.5, 6.5, 5.5, 6], 6.5], // 6.125 → 6
        [[6.5, 6.5, 6, 6], 6.5], // 6.25 → 6.5
        [[7, 7, 7, 6], 7], // 6.75 → 7
      ] as const) {
        const scores = [
          {
            testType: 'ielts_academic',
            listening: parts[0],
            reading: parts[1],
            writing: parts[2],
            speaking: parts[3],
            total,
          },
        ];
        const res = await create({ languageScores: JSON.stringify(scores) });
        if (total === 6.5 && parts[2] === 5.5) expect(res.meta.code).toBe(400);
        else expect(res.meta.code).toBe(200);
      }
    });

    it('warns, without refusing, when the passport expires within 6 months of the earliest target date', async () => {
      const res = await create({
        passportExpiryDate: '2027-01-31',
        targetSchools: JSON.stringify([
          { school: 'Later', applicationDate: '2027-03-01' },
          { school: 'Earliest', applicationDate: '2026-09-01' },
        ]),
      });
      expect(res.meta.code).toBe(200);
      expect(res.data.warnings).toEqual([
        { field: 'passportExpiryDate', message: expect.stringContaining('2027-01-31') },
      ]);
    });

    it('counts six months from 31 August to the last day of February, not into March', async () => {
      const applied = (passportExpiryDate: string) =>
        create({
          passportExpiryDate,
          targetSchools: JSON.stringify([{ school: 'UCL', applicationDate: '2026-08-31' }]),
        });
      const ok = await applied('2027-03-01');
      expect(ok.meta.code, ok.meta.message).toBe(200);
      expect(ok.data.warnings).toEqual([]);
      expect((await applied('2027-02-28')).data.warnings).toEqual([]);
      expect((await applied('2027-02-27')).data.warnings).toEqual([
        { field: 'passportExpiryDate', message: expect.stringContaining('2027-02-27') },
      ]);
    });
  });

  it('refuses an insurance reply without a conditional firm choice, and a decline of no offer, naming the row', async () => {
    const ucas = (school: string, decision: string, reply: string) => ({ school, route: 'ucas', decision, reply });
    const save = (rows: object[]) => create({ targetSchools: JSON.stringify(rows) });
    const ok = await save([ucas('UCL', 'conditional', 'firm'), ucas('KCL', 'unconditional', 'insurance')]);
    expect(ok.meta.code, ok.meta.message).toBe(200);
    const unconditionalFirm = await save([
      ucas('UCL', 'unconditional', 'firm'),
      ucas('KCL', 'conditional', 'insurance'),
    ]);
    expectParamError(unconditionalFirm, 'targetSchools.1.reply');
    expect(unconditionalFirm.meta.message).toContain('an insurance choice needs a firm choice on a conditional offer');
    expectParamError(await save([ucas('KCL', 'conditional', 'insurance')]), 'targetSchools.0.reply');
    const pending = await save([ucas('UCL', 'conditional', 'firm'), ucas('LSE', 'pending', 'declined')]);
    expectParamError(pending, 'targetSchools.1.reply');
    expect(pending.meta.message).toContain('a pending or unsuccessful choice cannot be declined');
    expectParamError(await save([ucas('LSE', 'unsuccessful', 'declined')]), 'targetSchools.0.reply');
    expect((await save([ucas('LSE', 'conditional', 'declined')])).meta.code).toBe(200);
  });

  it('still saves the records of a teacher who has left; a departed teacher is not newly named', async () => {
    const leaving = await staffWith(t, 'leaving_teacher', []);
    const other = await staffWith(t, 'left_before', []);
    const { data } = await create({ signingTeacherId: leaving, followTeacherId: leaving });
    await t.db.db.updateTable('member').set({ status: 'inactive' }).where('id', 'in', [leaving, other]).execute();
    const teachers = { signingTeacherId: leaving, followTeacherId: leaving };
    const form = await t.post<ApplicationSaved>(
      `${BASE}/update`,
      fullForm({ id: data.id, version: 1, city: 'Leeds', ...teachers }),
      t.admin,
    );
    expect(form.meta.code, form.meta.message).toBe(200);
    const other1 = await t.post<ApplicationSaved>(
      `${BASE}/updateOther`,
      { id: data.id, version: 2, importantNotes: 'Kept', ...teachers },
      t.admin,
    );
    expect(other1.meta.code, other1.meta.message).toBe(200);
    expectParamError(
      await t.post(
        `${BASE}/update`,
        fullForm({ id: data.id, version: 3, ...teachers, followTeacherId: other }),
        t.admin,
      ),
      'followTeacherId',
    );
    expectParamError(
      await t.post(`${BASE}/updateOther`, { id: data.id, version: 3, ...teachers, signingTeacherId: other }, t.admin),
      'signingTeacherId',
    );
    expectParamError(await create({ signingTeacherId: leaving }), 'signingTeacherId');
  });

  it('changes only notes, status and teachers with updateOther', async () => {
    const { data } = await create();
    const res = await t.post<ApplicationSaved>(
      `${BASE}/updateOther`,
      {
        id: data.id,
        version: 1,
        importantNotes: 'Call back Monday',
        status: 'offer_conditional',
        followTeacherId: teacherId,
      },
      t.admin,
    );
    expect(res.meta.code).toBe(200);
    expect(res.data.version).toBe(2);
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin);
    expect(view.data).toMatchObject({
      importantNotes: 'Call back Monday',
      status: 'offer_conditional',
      followTeacherId: teacherId,
      name: '王小明',
    });
    const stale = await t.post(`${BASE}/updateOther`, { id: data.id, version: 1, status: 'draft' }, t.admin);
    expect(stale.meta.code).toBe(409);
    const unknown = await t.post(`${BASE}/updateOther`, { id: data.id, version: 2, status: 'accepted' }, t.admin);
    expectParamError(unknown, 'status');
    // No status: the record keeps its own; its student comes back from the write (the record is not read first).
    const notes = await t.post<ApplicationSaved>(
      `${BASE}/updateOther`,
      { id: data.id, importantNotes: 'Sent' },
      t.admin,
    );
    expect(notes.data).toMatchObject({ version: 3, studentId: data.studentId });
    expect((await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin)).data).toMatchObject({
      status: 'offer_conditional',
      importantNotes: 'Sent',
    });
    // A record that is not there: 404 (not a stale copy). It and the stale copy above wrote nothing, and the log
    // holds each as what it answered.
    const missing = await t.post(`${BASE}/updateOther`, { id: data.id + 1000, status: 'draft' }, t.admin);
    expect(missing.meta.code).toBe(404);
    const logged = await auditEntriesOf(t.db.db, 'application', 'updateOther')
      .select(['outcome', 'code', 'changes'])
      .where('recordId', 'in', [data.id, data.id + 1000])
      .orderBy('id')
      .execute();
    expect(logged.map((e) => `${e.outcome} ${e.code}`)).toEqual([
      'ok 200',
      'refused 409',
      'refused 400',
      'ok 200',
      'refused 404',
    ]);
    // The call is audited as writing the record's row only (decision 314): its entries hold exactly the fields it
    // changed, though its child sections were not read.
    const fields = (changes: string | null) =>
      (JSON.parse(changes ?? '[]') as { field: string; before: unknown; after: unknown }[])
        .map(({ field, before, after }) => [field, before, after])
        .sort();
    expect(fields(logged[0]!.changes)).toEqual([
      ['followTeacherId', null, String(teacherId)],
      ['importantNotes', 'Prefers London', 'Call back Monday'],
      ['status', 'submitted', 'offer_conditional'],
    ]);
    expect(fields(logged[3]!.changes)).toEqual([
      ['followTeacherId', String(teacherId), null],
      ['importantNotes', 'Call back Monday', 'Sent'],
    ]);
  });

  it('creates with status draft (a seeded dictionary value) when none is given', async () => {
    const { data } = await create({ status: null });
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: data.id }, t.admin);
    expect(view.data.status).toBe('draft');
  });

  it('lists with search by name prefix, English name, passport and e-mail, filters, paging and sorting', async () => {
    // Rows of 2020 only: the other tests create rows dated 2026.
    const tid = await staffWith(t, 'listTeacher', []);
    const mk = (v: Values) => create(v);
    await mk({
      name: 'Zelda Brown',
      engLastName: 'Brown',
      engFirstName: 'Zelda',
      email: 'zelda@x.com',
      passportNo: 'Z111',
      applicationDate: '2020-01-10',
      status: 'draft',
      signingTeacherId: tid,
    });
    await mk({
      name: 'Zelena Keys',
      engLastName: 'Keys',
      engFirstName: 'Zelena',
      email: 'zelena@x.com',
      passportNo: 'Z222',
      applicationDate: '2020-02-10',
      status: 'offer_conditional',
    });
    await mk({
      name: '陳大文',
      engLastName: 'Chanx',
      engFirstName: 'Tai Man',
      email: 'chan@x.com',
      passportNo: 'K333',
      applicationDate: '2020-03-10',
      status: 'offer_conditional',
      followTeacherId: tid,
    });
    const list = (q: Values) => t.get<Page>(`${BASE}/list`, q, t.admin);
    const year = { dateFrom: '2020-01-01', dateTo: '2020-12-31' };

    expect((await list({ keyword: 'zel' })).data.list.map((r) => r.name)).toEqual(['Zelena Keys', 'Zelda Brown']);
    expect((await list({ keyword: 'CHANX TAI' })).data.list.map((r) => r.name)).toEqual(['陳大文']);
    expect((await list({ keyword: '陳大', ...year })).data.total).toBe(1);
    expect((await list({ keyword: 'k333' })).data.list.map((r) => r.name)).toEqual(['陳大文']);
    expect((await list({ keyword: 'ZELDA@x.com' })).data.list.map((r) => r.name)).toEqual(['Zelda Brown']);
    // The search box's matching (decision 182): the middle of a name, and every word in some name.
    expect((await list({ keyword: 'elda' })).data.list.map((r) => r.name)).toEqual(['Zelda Brown']);
    expect((await list({ keyword: 'brown zeld' })).data.list.map((r) => r.name)).toEqual(['Zelda Brown']);
    expect((await list({ keyword: 'nobody-here' })).data.total).toBe(0);
    expect((await list({ status: 'offer_conditional', ...year })).data.total).toBe(2);
    expect((await list({ teacherId: tid })).data.list.map((r) => r.name)).toEqual(['陳大文', 'Zelda Brown']);
    expect((await list({ dateFrom: '2020-02-01', dateTo: '2020-02-28' })).data.list.map((r) => r.name)).toEqual([
      'Zelena Keys',
    ]);
    const sorted = await list({ ...year, sortField: 'applicationDate', order: 'asc', pageSize: 2, pageNum: 1 });
    expect(sorted.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(sorted.data.list.map((r) => r.name)).toEqual(['Zelda Brown', 'Zelena Keys']);
    const page2 = await list({ ...year, sortField: 'applicationDate', order: 'asc', pageSize: 2, pageNum: 2 });
    expect(page2.data.list.map((r) => r.name)).toEqual(['陳大文']);
    expect(page2.data.list[0]).toMatchObject({
      followTeacher: { id: tid, name: 'listTeacher Teacher' },
      targetSchools: ['University College London'],
      completionRatio: 0,
      followTotal: 0,
    });
    const byName = await list({ ...year, sortField: 'name', order: 'asc' });
    expect(byName.data.list.map((r) => r.name)).toEqual(['Zelda Brown', 'Zelena Keys', '陳大文']);
    expect((await list({ sortField: 'password' })).meta.code).toBe(400);
  });

  it('answers simpleInfo and staffOptions', async () => {
    const { data } = await create({ signingTeacherId: teacherId });
    const info = await t.get<{ name: string; signingTeacher: { id: number; name: string } }>(
      `${BASE}/simpleInfo`,
      { id: data.id },
      t.admin,
    );
    expect(info.data).toMatchObject({
      name: '王小明',
      signingTeacher: { id: teacherId, name: 'teacher1 Teacher' },
      completionRatio: 0,
    });
    const staff = await t.get<{ id: number; name: string }[]>(`${BASE}/staffOptions`, {}, t.admin);
    expect(staff.data).toEqual(expect.arrayContaining([{ id: teacherId, name: 'teacher1 Teacher' }]));
    expect((await t.get(`${BASE}/view`, { id: 987654 }, t.admin)).meta.code).toBe(404);
  });

  it('refuses calls without the permission with 403, and without a session with 401', async () => {
    await staffWith(t, 'viewer', [PERM.applicationList]);
    const viewer = await t.login('viewer', 'Staff#2026pass');
    const opts = { token: viewer.token };
    expect((await t.get(`${BASE}/list`, {}, opts)).meta.code).toBe(200);
    expect((await t.get(`${BASE}/view`, { id: 1 }, opts)).meta.code).toBe(403);
    expect((await t.post(`${BASE}/create`, fullForm(), opts)).meta.code).toBe(403);
    expect((await t.post(`${BASE}/update`, fullForm({ id: 1, version: 1 }), opts)).meta.code).toBe(403);
    expect((await t.post(`${BASE}/updateOther`, { id: 1 }, opts)).meta.code).toBe(403);
    expect((await t.get(`${BASE}/list`, {})).meta.code).toBe(401);
  });

  it('answers 400, never 500, to odd input', async () => {
    const { data } = await create();
    const odd: [string, Record<string, string | number | null>][] = [
      [`${BASE}/update`, { ...fullForm({ id: data.id }), version: 'abc' } as Record<string, string | number | null>],
      [`${BASE}/update`, fullForm({ id: data.id, version: 1, educations: '{"school":"x"}' }) as Record<string, string>],
      [`${BASE}/update`, fullForm({ id: data.id, version: 1, languageScores: '[1,2]' }) as Record<string, string>],
      [`${BASE}/updateOther`, { id: 'x' }],
      [`${BASE}/removeFileRecord`, { id: -1 }],
      ['/api/v1/mc/followUp/done', { id: 1, isDone: 2 }],
    ];
    for (const [url, body] of odd) expect((await t.post(url, body, t.admin)).meta.code, url).toBe(400);
    expect((await t.get(`${BASE}/downloadFile`, {}, t.admin)).meta.code).toBe(400);
    expect((await t.get(`${BASE}/list`, { pageSize: 100000 }, t.admin)).meta.code).toBe(400);
    expect((await t.get(`${BASE}/list`, { dateFrom: '2026-13-01' }, t.admin)).meta.code).toBe(400);
  });

  it('documents every call in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const p of [
      'list',
      'fileList',
      'simpleInfo',
      'updateOther',
      'view',
      'update',
      'updateFileRecord',
      'uploadFile',
      'removeFileRecord',
      'create',
      'downloadFile',
    ]) {
      expect(doc.paths[`${BASE}/${p}`], p).toBeDefined();
    }
  });
});

// The day an application is made, by default: the UK day of the save (British Summer Time here), not the UTC one.
describe('the default application date', () => {
  const clock = testClock(Date.parse('2026-06-30T23:30:00Z'));
  const t = useTestApp({ signIn: true, clock });

  it('is the UK day of the save', async () => {
    const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm({ applicationDate: null }), t.admin);
    expect(res.meta.code, res.meta.message).toBe(200);
    const view = await t.get<ApplicationView>(`${BASE}/view`, { id: res.data.id }, t.admin);
    expect(view.data.applicationDate).toBe('2026-07-01');
  });
});
