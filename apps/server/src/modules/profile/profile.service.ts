import {
  Code,
  currencyDigits,
  decimalToMinor,
  type CvBody,
  type LocationBody,
  type PersonalCv,
  type ProfileData,
  type ProfileDetail,
  type ProfileUpdateBody,
} from '@study-crm/shared';
import type { AuthMember } from '../../http/context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionService } from '../auth/index.js';
import { isImage, MIME, type FileStorage, type StoredFileInfo, type Upload } from '../files/index.js';
import type { MemberService } from '../member/index.js';
import { toPersonalCv, toProfileDetail } from './profile.mapper.js';
import type { ProfileRepository, ProfileValues } from './profile.repository.js';

// Where the member's avatar is served (an authenticated download); `v` changes with each upload so caches refresh.
export const avatarPath = (memberId: number, storedName: string) =>
  `/api/v1/member/profile/avatarImg?id=${memberId}&v=${storedName.slice(7, 15)}`;

const json = (v: unknown[] | undefined) => (v === undefined ? undefined : JSON.stringify(v));

export function createProfileService(deps: {
  repo: ProfileRepository;
  members: MemberService;
  sessions: SessionService;
  storage: FileStorage;
  clock: Clock;
}) {
  const { repo, members, sessions, storage, clock } = deps;

  async function detail(memberId: number): Promise<ProfileDetail> {
    const [account, row] = await Promise.all([members.ownAccount(memberId), repo.find(memberId)]);
    return toProfileDetail(account, row);
  }

  async function findCv(memberId: number): Promise<PersonalCv> {
    const [cv, profile] = await Promise.all([repo.findCv(memberId), detail(memberId)]);
    return toPersonalCv(cv, profile);
  }

  // Creating and updating the CV write the same fields; each refuses with its own code when the write finds nothing
  // to do (a CV already there, no CV yet).
  async function saveCv(
    caller: AuthMember,
    body: CvBody,
    write: ProfileRepository['insertCv' | 'updateCv'],
    refusal: Code,
  ): Promise<PersonalCv> {
    const ok = await write(caller.id, { headline: body.headline, objective: body.objective ?? null }, clock.now());
    if (!ok) throw new AppError(refusal);
    return findCv(caller.id);
  }

  // Expected salary: a decimal in its currency, stored as minor units with the currency; sent only together.
  function salary(body: ProfileUpdateBody): Pick<ProfileValues, 'expectedSalary' | 'salaryCurrency'> {
    if (body.expectedSalary === undefined) return {};
    if (body.expectedSalary === null) return { expectedSalary: null, salaryCurrency: body.salaryCurrency ?? null };
    const currency = body.salaryCurrency!;
    const minor = decimalToMinor(body.expectedSalary, currencyDigits(currency) ?? 2);
    if (minor === undefined) throw badRequest('expectedSalary', 'v.salary');
    return { expectedSalary: minor, salaryCurrency: currency };
  }

  return {
    detail: (caller: AuthMember) => detail(caller.id),

    // The caller's own profile; absent fields keep their value, empty ones clear it.
    async update(caller: AuthMember, body: ProfileUpdateBody): Promise<ProfileDetail> {
      const values: ProfileValues = {
        nationality: body.nationality,
        city: body.city,
        address: body.address,
        summary: body.summary,
        hobbies: body.hobbies,
        workYears: body.workYears,
        employmentMode: body.employmentMode,
        ...salary(body),
        skills: json(body.skills),
        languages: json(body.languages),
        jobTags: json(body.jobTags),
        techStack: json(body.techStack),
        workHistory: json(body.workHistory),
        educationHistory: json(body.educationHistory),
        certificates: json(body.certificates),
        awards: json(body.awards),
      };
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as ProfileValues;
      const { nickName, fullName, engLastName, engFirstName } = body;
      await members.updateOwnNames(caller.id, { nickName, fullName, engLastName, engFirstName });
      await repo.save(caller.id, given, clock.now());
      return detail(caller.id);
    },

    async updateLocation(caller: AuthMember, body: LocationBody): Promise<ProfileDetail> {
      const given: ProfileValues = {};
      if (body.city !== undefined) given.city = body.city;
      if (body.location !== undefined) given.location = body.location;
      await repo.save(caller.id, given, clock.now());
      return detail(caller.id);
    },

    // The avatar: an image checked by its content (PNG, JPEG, GIF), cropped by the browser before upload. The
    // previous file is removed once the new one is recorded.
    async uploadAvatar(caller: AuthMember, upload: Upload | undefined): Promise<ProfileDetail> {
      if (!upload) throw badRequest('file', 'v.required');
      const saved = await storage.save(upload);
      if (!isImage(saved.extension)) {
        await storage.remove(saved.storedName);
        throw badRequest('file', 'v.avatarImage', { file: upload.fileName.slice(0, 120) });
      }
      const previous = (await repo.find(caller.id))?.avatarFile ?? null;
      await repo.save(caller.id, { avatarFile: saved.storedName }, clock.now());
      await members.updateOwnNames(caller.id, { avatar: avatarPath(caller.id, saved.storedName) });
      if (previous && previous !== saved.storedName) await storage.remove(previous);
      return detail(caller.id);
    },

    // Any signed-in member may see avatars (they appear beside names); only uploaded ones are served here.
    async openAvatar(memberId: number): Promise<StoredFileInfo> {
      const name = (await repo.find(memberId))?.avatarFile;
      if (!name) throw notFound();
      const file = await storage.open(name);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return { ...file, title: 'avatar', extension, mime: MIME[extension] ?? 'application/octet-stream' };
    },

    referenced: (names: readonly string[]) => repo.referenced(names),

    // personalCv: always the caller's own CV, its body built from the profile.
    findCv: (caller: AuthMember) => findCv(caller.id),
    createCv: (caller: AuthMember, body: CvBody) => saveCv(caller, body, repo.insertCv, Code.CV_EXISTS),
    updateCv: (caller: AuthMember, body: CvBody) => saveCv(caller, body, repo.updateCv, Code.CV_MISSING),

    // Role switching (spec section 6): the session acts as one of the member's roles, or all of them (null).
    async switchRole(caller: AuthMember, roleId: number | null): Promise<ProfileData> {
      if (!(await sessions.setActiveRole(caller, roleId))) throw new AppError(Code.ROLE_NOT_HELD);
      return members.profile({ id: caller.id, activeRoleId: roleId, sessionLimits: caller.sessionLimits });
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
