import { storage } from '../lib/storage';
import { session } from './session';

// The session's limits as the server told them (the profile: decision 352), and when this browser last made a call a
// person asked for. The server ends a session after `idleSeconds` without such a call and at a fixed end whatever
// happens; the frame warns before either (app/layout/SessionExpiry.tsx, WCAG 2.2.1). The fixed end arrives as time
// left (`endsInSeconds`) and is kept as an instant of this browser's clock (`endsAt`): a computer's clock may be
// hours off the server's.
export type WireSessionLimits = { idleSeconds: number; endsInSeconds: number };
export type SessionLimits = { idleSeconds: number; endsAt: number };

// Shared by the portal's tabs: one tab's work keeps the others' session alive too.
const LAST_CALL_KEY = 'lastCallAt';
// Written at most this often (a screen's calls come in bursts).
const WRITE_EVERY_MS = 5_000;

// With the token they were read for: another tab's sign-in puts a new token in the storage every tab uses, and these
// limits are then another session's.
let limits: (SessionLimits & { token: string | null }) | null = null;
let lastCall = 0;
let written = 0;

export function setSessionLimits(next: WireSessionLimits | null): void {
  limits = next && {
    idleSeconds: next.idleSeconds,
    endsAt: Date.now() + next.endsInSeconds * 1000,
    token: session.token(),
  };
}
// The limits of the session this browser holds now: null when unknown or read for another session.
export const sessionLimits = (): SessionLimits | null => (limits && limits.token === session.token() ? limits : null);
// Limits were read, but for a session this browser no longer holds (another tab signed in again).
export const limitsOutdated = (): boolean =>
  limits !== null && session.token() !== null && limits.token !== session.token();

// A signed call the server took that a person asked for (not a background poll), to a route that needs the session
// (a shared endpoint not marked public: decision 376): `at` is when it was sent.
export function noteActivity(at: number): void {
  if (at <= lastCall) return;
  lastCall = at;
  if (at - written >= WRITE_EVERY_MS) {
    written = at;
    storage.set(LAST_CALL_KEY, String(at));
  }
}

// The latest call of any of the portal's tabs (0 before the first).
export function lastActivity(): number {
  const shared = Number(storage.get(LAST_CALL_KEY));
  return Math.max(lastCall, Number.isFinite(shared) ? shared : 0);
}

// Forget the session's limits and calls (sign-out, tests).
export function forgetActivity(): void {
  limits = null;
  lastCall = 0;
  written = 0;
  storage.remove(LAST_CALL_KEY);
}
