import {
  currencyDigits,
  displayName,
  EMPLOYMENT_MODES,
  minorToDecimal,
  type Member,
  type PersonalCv,
  type ProfileDetail,
} from '@study-crm/shared';
import type { CvRow, ProfileRow } from './profile.repository.js';

// Stored lists are JSON written by this module from validated input; a damaged value reads as empty.
function list<T>(text: string | undefined): T[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

const mode = (v: string | null | undefined) => EMPLOYMENT_MODES.find((m) => m === v) ?? null;

// The only place the account and the profile row become the user centre's profile.
export function toProfileDetail(account: Member, row: ProfileRow | undefined): ProfileDetail {
  const minor = row?.expectedSalary == null ? null : Number(row.expectedSalary);
  const currency = row?.salaryCurrency ?? null;
  return {
    id: account.id,
    displayName: displayName(account),
    loginName: account.loginName,
    email: account.email,
    areaCode: account.areaCode,
    mobile: account.mobile,
    identityStatus: account.identityStatus,
    nickName: account.nickName,
    fullName: account.fullName,
    engLastName: account.engLastName,
    engFirstName: account.engFirstName,
    avatarImg: account.avatarImg,
    nationality: row?.nationality ?? null,
    city: row?.city ?? null,
    location: row?.location ?? null,
    address: row?.address ?? null,
    summary: row?.summary ?? null,
    hobbies: row?.hobbies ?? null,
    workYears: row?.workYears ?? null,
    expectedSalary: minor !== null && currency ? minorToDecimal(minor, currencyDigits(currency) ?? 2) : null,
    expectedSalaryMinor: minor,
    salaryCurrency: currency,
    employmentMode: mode(row?.employmentMode),
    skills: list(row?.skills),
    languages: list(row?.languages),
    jobTags: list(row?.jobTags),
    techStack: list(row?.techStack),
    workHistory: list(row?.workHistory),
    educationHistory: list(row?.educationHistory),
    certificates: list(row?.certificates),
    awards: list(row?.awards),
    roles: account.roles,
    updatedAt: row?.updatedAt ?? null,
  };
}

export function toPersonalCv(cv: CvRow | undefined, profile: ProfileDetail): PersonalCv {
  return {
    cv: cv
      ? { headline: cv.headline, objective: cv.objective, createdAt: cv.createdAt, updatedAt: cv.updatedAt }
      : null,
    profile,
  };
}
