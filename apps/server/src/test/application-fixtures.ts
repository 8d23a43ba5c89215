import { expect } from 'vitest';
import type { ApplicationSaved, VisaChecklist, VisaStep } from '@study-crm/shared';
import { insertReturningId } from '../db/sql-helpers.js';
import { insertStaffMember } from '../seed/seed.js';
import type { CallOpts, TestApp, Values } from './harness.js';
import type { UsedTestApp } from './signed-in.js';

export { multipart } from './harness.js';

// Test data factories for the application module (not a test file itself).

export const BASE = '/api/v1/mc/applicationRecord';

export function fullForm(overrides: Values = {}): Values {
  return {
    name: '王小明',
    engLastName: 'Wang',
    engFirstName: 'Xiaoming',
    formerName: '王明',
    gender: 'male',
    religion: 'None',
    nationality: 'Taiwan',
    birthday: '2004-05-06',
    birthplace: 'Taipei',
    passportNo: 'P1234567',
    passportIssuePlace: 'Taipei',
    passportIssueDate: '2022-01-10',
    passportExpiryDate: '2032-01-09',
    areaCode: '886',
    mobile: '912345678',
    landline: '02-2345-6789',
    email: 'xiaoming@example.com',
    addressLine1: '1 Main Road',
    addressLine2: 'Flat 2',
    city: 'Taipei',
    country: 'Taiwan',
    postcode: '100',
    importantNotes: 'Prefers London',
    applicationDate: '2026-10-01',
    status: 'submitted',
    educations: JSON.stringify([
      {
        startDate: '2019-09-01',
        endDate: '2022-06-30',
        school: 'Taipei First Girls High',
        location: 'Taipei, Taiwan',
        major: 'Science',
        attainment: 'High school diploma',
        gpa: '3.8',
      },
    ]),
    jobs: JSON.stringify([
      { startDate: '2023-07-01', endDate: '2023-08-31', unitName: 'TSMC', title: 'Intern', content: 'Testing' },
    ]),
    languageScores: JSON.stringify([
      {
        testType: 'ielts_academic',
        testDate: '2026-03-01',
        futureBooking: 0,
        registrationNo: 'R-1',
        isUkvi: 1,
        candidateId: 'C-9',
        reportFormNo: '26TW000001',
        testName: 'IELTS Academic',
        listening: 7,
        reading: 6.5,
        writing: 6,
        speaking: 6.5,
        total: 6.5,
      },
    ]),
    referrers: JSON.stringify([
      {
        webPush: 1,
        lastName: 'Chen',
        firstName: 'Mei',
        areaCode: '886',
        mobile: '987654321',
        gender: 'female',
        position: 'Teacher',
        email: 'mei@example.com',
        unit: 'TFG High',
        address: '2 School Road',
        postcode: '100',
      },
    ]),
    targetSchools: JSON.stringify([
      {
        school: 'University College London',
        major: 'Computer Science',
        ucasCode: 'G400',
        applicationDate: '2026-10-15',
        majorLink: 'https://www.ucl.ac.uk/cs',
      },
    ]),
    ...overrides,
  };
}

// An application the administrator creates from `fullForm(values)` (so submitted, unless the values say otherwise):
// its id and its student's member id, for the tests that then act on that person.
export async function createApplication(t: UsedTestApp, values: Values = {}) {
  const res = await t.post<ApplicationSaved>(`${BASE}/create`, fullForm(values), t.admin);
  expect(res.meta.code, res.meta.message).toBe(200);
  return { appId: res.data.id, studentId: res.data.studentId! };
}

// A staff member holding only the given permission identifiers (through a fresh role).
export async function staffWith(t: TestApp, loginName: string, perms: string[]) {
  const db = t.db.db;
  const now = Date.now();
  const memberId = await insertStaffMember(
    db,
    { loginName, password: 'Staff#2026pass', engLastName: loginName, engFirstName: 'Teacher' },
    now,
  );
  const roleId = await insertReturningId(db, 'role', {
    name: `ROLE_${loginName.toUpperCase()}`,
    cnName: loginName,
    kind: 'general',
    isBuiltin: 0,
    createdAt: now,
    updatedAt: now,
  });
  await db.insertInto('memberRole').values({ memberId, roleId }).execute();
  if (perms.length) {
    const ids = await db.selectFrom('permission').select('id').where('perm', 'in', perms).execute();
    if (ids.length) {
      await db
        .insertInto('rolePermission')
        .values(ids.map((p) => ({ roleId, permissionId: p.id })))
        .execute();
    }
  }
  return memberId;
}

// Saves the step of `kind` on an application's visa checklist with `values`, at the stage and version the checklist
// shows now (a `version` among the values is sent instead, e.g. a stale one).
export async function saveVisaStep(
  t: Pick<TestApp, 'get' | 'post'>,
  applicationId: number,
  kind: string,
  values: Values,
  as: CallOpts,
) {
  const visa = '/api/v1/mc/applicationVisa';
  const checklist = await t.get<VisaChecklist>(`${visa}/checklist`, { id: applicationId }, as);
  const step = checklist.data.steps.find((s) => s.kind === kind)!;
  return t.post<VisaStep>(
    `${visa}/saveStep`,
    { applicationId, stageId: step.stageId, version: step.version, ...values },
    as,
  );
}

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_MINI = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
