import type { Db } from '../db/database.js';
import { searchColumns } from '../modules/application/index.js';
import { activeStaffIds } from './demo-members.js';
import { countDemoRows, rng } from './demo-rows.js';

// Demo data for the applications screens and the list benchmark: realistic, deterministic rows inserted in
// batched transactions. Idempotent: rows are marked by their e-mail domain, and only the missing count is added.
export const DEMO_EMAIL_DOMAIN = 'demo.study-crm.test';

const SURNAMES = [
  '陳',
  '林',
  '黃',
  '張',
  '李',
  '王',
  '吳',
  '劉',
  '蔡',
  '楊',
  '許',
  '鄭',
  '謝',
  '郭',
  '洪',
  '曾',
  '周',
  '賴',
];
const SURNAMES_EN = [
  'Chen',
  'Lin',
  'Huang',
  'Chang',
  'Lee',
  'Wang',
  'Wu',
  'Liu',
  'Tsai',
  'Yang',
  'Hsu',
  'Cheng',
  'Hsieh',
  'Kuo',
  'Hung',
  'Tseng',
  'Chou',
  'Lai',
];
const GIVEN = [
  '怡君',
  '冠宇',
  '雅婷',
  '家豪',
  '詩涵',
  '承恩',
  '宜蓁',
  '柏翰',
  '欣妤',
  '宇軒',
  '佳穎',
  '彥廷',
  '子晴',
  '俊傑',
  '思妤',
  '品睿',
];
const GIVEN_EN = [
  'Yi Chun',
  'Kuan Yu',
  'Ya Ting',
  'Chia Hao',
  'Shih Han',
  'Cheng En',
  'Yi Chen',
  'Po Han',
  'Hsin Yu',
  'Yu Hsuan',
  'Chia Ying',
  'Yen Ting',
  'Tzu Ching',
  'Chun Chieh',
  'Szu Yu',
  'Pin Jui',
];
const CITIES = ['Taipei', 'New Taipei', 'Taichung', 'Kaohsiung', 'Tainan', 'Hsinchu', 'Hong Kong', 'Macau'];
const SCHOOLS = [
  ['University College London', 'Computer Science', 'G400'],
  ['University of Edinburgh', 'Informatics', 'G500'],
  ["King's College London", 'Law', 'M100'],
  ['University of Manchester', 'Accounting and Finance', 'NN34'],
  ['University of Warwick', 'Economics', 'L100'],
  ['University of Bristol', 'Mechanical Engineering', 'H300'],
  ['London School of Economics', 'Management', 'N200'],
  ['University of Leeds', 'Media and Communication', 'P300'],
  ['University of Glasgow', 'Psychology', 'C800'],
  ['Durham University', 'Business', 'N100'],
] as const;
// Seeded dictionary values (dict.seed.ts): application_status, follow_service, language_test_type, business_type.
export const DEMO_STATUSES = [
  'draft',
  'submitted',
  'submitted',
  'processing',
  'offer_conditional',
  'offer_unconditional',
  'rejected',
  'enrolled',
];
export const DEMO_SERVICES = ['school_selection', 'application_submission', 'visa', 'accommodation', 'pre_departure'];
export const DEMO_TEST_TYPES = ['ielts_academic', 'ielts_ukvi'];
export const DEMO_BUSINESS_TYPE = 'postgraduate';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDay = (base: number, offsetDays: number) =>
  new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);

export type DemoResult = { inserted: number; total: number; ms: number };

const DEMO_DAYS = 1400;
// The first day of the demo's date range (UTC midnight): DEMO_DAYS days ending today.
export const demoDayBase = (now = Date.now()) =>
  Math.floor(now / 86_400_000) * 86_400_000 - (DEMO_DAYS - 1) * 86_400_000;

export async function seedDemoApplications(db: Db, count: number, batchSize = 500): Promise<DemoResult> {
  const started = Date.now();
  const have = await countDemoRows(db, 'application', 'emailKey', `%@${DEMO_EMAIL_DOMAIN}`);
  const missing = Math.max(0, count - have);
  const teachers = await activeStaffIds(db);
  const now = Date.now();
  // 1,400 days ending today, so the dashboard's past 30 days hold data whenever the demo is seeded.
  const dayBase = demoDayBase();

  for (let start = have; start < have + missing; start += batchSize) {
    const end = Math.min(have + missing, start + batchSize);
    await db.transaction().execute(async (tx) => {
      const apps = [];
      for (let n = start; n < end; n++) {
        const r = rng(n + 1);
        const si = Math.floor(r() * SURNAMES.length);
        const gi = Math.floor(r() * GIVEN.length);
        const name = `${SURNAMES[si]}${GIVEN[gi]}`;
        const engLastName = SURNAMES_EN[si] as string;
        const engFirstName = GIVEN_EN[gi] as string;
        const email = `${engFirstName.replace(/\s/g, '').toLowerCase()}.${engLastName.toLowerCase()}${n}@${DEMO_EMAIL_DOMAIN}`;
        const passportNo = `D${pad(n, 8)}`;
        const day = Math.floor(r() * DEMO_DAYS);
        const values = {
          memberId: null,
          name,
          engLastName,
          engFirstName,
          formerName: null,
          gender: r() < 0.5 ? 'female' : 'male',
          religion: null,
          nationality: 'Taiwan',
          birthday: isoDay(Date.UTC(2000, 0, 1), Math.floor(r() * 2500)),
          birthplace: CITIES[Math.floor(r() * CITIES.length)] as string,
          passportNo,
          passportIssuePlace: 'Taipei',
          passportIssueDate: isoDay(Date.UTC(2020, 0, 1), Math.floor(r() * 1000)),
          passportExpiryDate: isoDay(Date.UTC(2030, 0, 1), Math.floor(r() * 1000)),
          areaCode: '886',
          mobile: `9${pad(n % 100_000_000, 8)}`,
          landline: null,
          email,
          addressLine1: `${1 + Math.floor(r() * 300)} Zhongshan Road`,
          addressLine2: null,
          city: CITIES[Math.floor(r() * CITIES.length)] as string,
          country: 'Taiwan',
          postcode: pad(Math.floor(r() * 999), 3),
          importantNotes: r() < 0.2 ? 'Scholarship candidate' : null,
          applicationDate: isoDay(dayBase, day),
          status: DEMO_STATUSES[Math.floor(r() * DEMO_STATUSES.length)] as string,
          signingTeacherId: teachers.length ? (teachers[Math.floor(r() * teachers.length)] as number) : null,
          followTeacherId: teachers.length ? (teachers[Math.floor(r() * teachers.length)] as number) : null,
        };
        apps.push({
          ...values,
          ...searchColumns(values),
          version: 1,
          createdAt: dayBase + day * 86_400_000,
          updatedAt: now,
          deletedAt: null,
        });
      }
      const ids = await tx.insertInto('application').values(apps).returning(['id', 'passportKey']).execute();
      const idOf = new Map(ids.map((x) => [x.passportKey, x.id]));

      const educations = [];
      const scores = [];
      const schools = [];
      const follows = [];
      for (let n = start; n < end; n++) {
        const r = rng(n * 7 + 3);
        const applicationId = idOf.get(`D${pad(n, 8)}`) as number;
        educations.push({
          applicationId,
          sort: 1,
          startDate: '2019-09-01',
          endDate: '2023-06-30',
          school: 'National Taiwan University',
          location: 'Taipei, Taiwan',
          major: 'Business Administration',
          attainment: 'BA',
          gpa: (3 + r()).toFixed(2),
        });
        const band = 5.5 + Math.floor(r() * 5) * 0.5;
        const ukvi = r() < 0.5 ? 1 : 0;
        scores.push({
          applicationId,
          sort: 1,
          testType: DEMO_TEST_TYPES[ukvi] as string,
          testDate: '2025-03-01',
          futureBooking: 0,
          registrationNo: null,
          isUkvi: ukvi,
          candidateId: null,
          reportFormNo: null,
          testName: ukvi ? 'IELTS for UKVI' : 'IELTS Academic',
          listening: band,
          reading: band,
          writing: band,
          speaking: band,
          total: band,
        });
        const nSchools = 1 + Math.floor(r() * 3);
        for (let k = 0; k < nSchools; k++) {
          const s = SCHOOLS[Math.floor(r() * SCHOOLS.length)] as readonly [string, string, string];
          schools.push({
            applicationId,
            sort: k + 1,
            school: s[0],
            major: s[1],
            ucasCode: s[2],
            applicationDate: null,
            majorLink: null,
            decision: 'pending',
          });
        }
        const nFollow = Math.floor(r() * 5);
        // Follow-ups start with their application and are done some weeks later (never after now).
        const opened = apps[n - start]!.createdAt;
        for (let k = 0; k < nFollow; k++) {
          const done = r() < 0.4 ? 1 : 0;
          const doneAt = Math.min(now, opened + (k + 1) * 7 * 86_400_000);
          follows.push({
            applicationId,
            number: k + 1,
            service: DEMO_SERVICES[k % DEMO_SERVICES.length] as string,
            isDone: done,
            doneAt: done ? doneAt : null,
            signingTeacherId: null,
            followTeacherId: null,
            appliedSchool: null,
            attendedSchool: null,
            internalNote: null,
            contractDate: null,
            status: 'open',
            businessType: DEMO_BUSINESS_TYPE,
            createdAt: opened,
            updatedAt: now,
          });
        }
      }
      await tx.insertInto('applicationEducation').values(educations).execute();
      await tx.insertInto('applicationLanguageScore').values(scores).execute();
      for (let i = 0; i < schools.length; i += 1000) {
        await tx
          .insertInto('applicationTargetSchool')
          .values(schools.slice(i, i + 1000))
          .execute();
      }
      for (let i = 0; i < follows.length; i += 1000) {
        await tx
          .insertInto('followUp')
          .values(follows.slice(i, i + 1000))
          .execute();
      }
    });
  }
  return { inserted: missing, total: have + missing, ms: Date.now() - started };
}
