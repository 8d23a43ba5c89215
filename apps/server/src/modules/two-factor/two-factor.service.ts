import QRCode from 'qrcode';
import { Code, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@study-crm/shared';
import type { Config } from '../../config.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AccessGuard, Actor } from '../role/index.js';
import type { StepUp } from '../auth/index.js';
import type { PeopleService } from '../people/index.js';
import {
  isRecoveryCodeShape,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from './totp.js';
import type { TwoFactorRepository, TwoFactorRow } from './two-factor.repository.js';
import type { Tx } from '../../db/transaction.js';

// Staff two-factor sign-in (TOTP). The secret is sealed with the secret box and leaves the server only once, in the
// set-up answer; recovery codes are shown once and kept as hashes.
export function createTwoFactorService(deps: {
  repo: TwoFactorRepository;
  people: Pick<PeopleService, 'isMember' | 'signInName'>;
  box: SecretBox;
  guard: AccessGuard;
  config: Config;
  clock: Clock;
  // The password and code of a member turning it off, counted against the sign-in lock (given by the auth module).
  stepUp: StepUp;
}) {
  const { repo, people, box, guard, config, clock, stepUp } = deps;
  const invalid = () => new AppError(Code.TWO_FACTOR_INVALID);
  const isRequired = (memberId: number) => guard.holdsRoleAmong(memberId, config.twoFactorRoles);

  async function isEnabled(memberId: number): Promise<boolean> {
    return (await repo.find(memberId))?.enabledAt != null;
  }

  // A current code (each time step once) or an unused recovery code (once) of the second factor `row` (read on
  // `tx`), used up on `tx`. Nothing is counted here: the caller counts the attempt against the account lock first.
  async function verifyAgainst(memberId: number, row: TwoFactorRow, code: string, tx?: Tx): Promise<boolean> {
    const now = clock.now();
    if (isRecoveryCodeShape(code)) return repo.useRecoveryCode(memberId, recoveryCodeHash(code), now, tx);
    const step = matchTotpStep(box.open(row.secretEnc), code, now);
    return step !== null && repo.acceptStep(memberId, step, now, tx);
  }

  // The sign-in's check of a code, read and used up on `tx`, the transaction that takes the sign-in's ticket and
  // opens its session (each statement takes a code once whatever races it; a rollback gives the code back).
  async function verify(memberId: number, code: string, tx: Tx): Promise<boolean> {
    const row = await repo.find(memberId, tx);
    return row?.enabledAt != null && verifyAgainst(memberId, row, code, tx);
  }

  // The member's own set-up, confirmation and turning off each read the second factor and write it in one
  // transaction that first locks the member's row (PostgreSQL FOR UPDATE; SQLite has one writer), as the
  // administrator's reset does (decision 381): two of them, or one and a reset, take turns, and each reads what the
  // one before it left. Before, each read outside its writes: a confirmation checked its code against the pending
  // secret it had read, then turned on the one a set-up racing it had saved meanwhile (the member's app held the
  // other), and a turning off checked its code, then removed whatever second factor was there by then. The member's
  // row comes before the second-factor rows, as in a reset: the recovery codes' foreign key would otherwise wait for
  // a reset holding the member while the reset waits for a second-factor row written here.
  const locked = <T>(memberId: number, fn: (tx: Tx, row: TwoFactorRow | undefined) => Promise<T>): Promise<T> =>
    repo.transaction(async (tx) => {
      await repo.lockMember(tx, memberId);
      return fn(tx, await repo.find(memberId, tx));
    });
  // A wrong code inside `disable`'s transaction: thrown so that it rolls back (its audit entry with it), then told
  // to the counted check as a wrong code.
  const WRONG_CODE = Symbol('wrong code');

  return {
    isEnabled,
    isRequired,
    verify,

    async status(memberId: number): Promise<TwoFactorStatus> {
      const [enabled, required, recoveryCodesLeft] = await Promise.all([
        isEnabled(memberId),
        isRequired(memberId),
        repo.recoveryCodesLeft(memberId),
      ]);
      return { enabled, required, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 };
    },

    // A fresh secret, pending until a first code confirms it (a new set-up replaces a pending one).
    async setup(memberId: number): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      await locked(memberId, async (tx, row) => {
        if (row?.enabledAt != null) throw new AppError(Code.CONFLICT, 'twoFactorAlreadyOn');
        if (!(await repo.savePending(memberId, box.seal(secret), clock.now(), tx))) {
          throw new AppError(Code.CONFLICT, 'twoFactorAlreadyOn');
        }
      });
      // The name authenticator apps show next to the portal's codes.
      const account = (await people.signInName(memberId)) ?? String(memberId);
      const url = otpauthUrl(secret, account, config.twoFactorIssuer);
      return { secret, otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
    },

    // The first code turns it on and yields ten recovery codes, shown this once. The code is checked against the
    // pending secret read in the transaction that turns that secret on.
    async confirm(memberId: number, code: string): Promise<RecoveryCodes> {
      const recoveryCodes = newRecoveryCodes();
      await locked(memberId, async (tx, row) => {
        if (!row) throw new AppError(Code.CONFLICT, 'twoFactorNotPending');
        if (row.enabledAt != null) throw new AppError(Code.CONFLICT, 'twoFactorAlreadyOn');
        if (isRecoveryCodeShape(code)) throw invalid();
        const now = clock.now();
        const step = matchTotpStep(box.open(row.secretEnc), code, now);
        if (step === null) throw invalid();
        if (!(await repo.enable(memberId, step, now, tx))) throw new AppError(Code.CONFLICT, 'twoFactorAlreadyOn');
        await repo.replaceRecoveryCodes(memberId, recoveryCodes.map(recoveryCodeHash), now, tx);
      });
      return { recoveryCodes };
    },

    // The member turns it off with the password and a current code (not while a role requires it). Every try is
    // counted against the sign-in lock before either is checked, as at sign-in (issue 38): the count is its own
    // statement, kept whatever the answer. The code is then checked and the second factor removed in one
    // transaction: the code is one of the second factor removed, and one turned off meanwhile (a reset, another
    // turning off) leaves nothing to remove (200, as when it was off to begin with).
    async disable(memberId: number, password: string, code: string): Promise<null> {
      if (await isRequired(memberId)) throw new AppError(Code.FORBIDDEN, 'twoFactorRequiredByRole');
      if (!(await isEnabled(memberId))) return null;
      await stepUp(memberId, password, () =>
        locked(memberId, async (tx, row) => {
          if (row?.enabledAt == null) return true;
          if (!(await verifyAgainst(memberId, row, code, tx))) throw WRONG_CODE;
          await repo.remove(memberId, tx);
          return true;
        }).catch((err: unknown) => {
          if (err === WRONG_CODE) return false;
          throw err;
        }),
      );
      return null;
    },

    // An administrator clears a member's second factor (a lost phone); the access guard applies. Never the caller's
    // own: turning it off asks the password and a code (`disable`), which a stolen session alone does not pass, and
    // the guard lets anyone act on themselves.
    // One transaction, as the member module's account writes (decisions 366, 373): the member's row locked, the guard's
    // check made again on it (the rows of the member's roles held), the rows deleted, and the call's audit entry
    // written before the commit (decision 133). A role granted, or a role's permissions widened, before the lock is
    // seen (403); after it, waits for the reset. The check before stays, so the answers keep their order.
    async reset(memberId: number, actor: Actor): Promise<null> {
      if (!(await people.isMember(memberId))) throw notFound();
      if (actor.id === memberId) throw badRequest('id', 'v.ownTwoFactor');
      await guard.assertCanManageMember(actor, memberId);
      await repo.transaction(async (tx) => {
        await repo.lockMember(tx, memberId);
        if (!(await people.isMember(memberId, tx))) throw notFound();
        await guard.assertCanManageMember(actor, memberId, tx);
        await repo.remove(memberId, tx);
      });
      return null;
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
