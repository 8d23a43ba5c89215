import { storage } from '../lib/storage';

// The session's limits as the server told them (the profile: decision 352), and when this browser last made a call a
// person asked for. The server ends a session after `idleSeconds` without such a call and at `endsAt` whatever
// happens; the frame warns before either (app/layout/SessionExpiry.tsx, WCAG 2.2.1).
export type SessionLimits = { idleSeconds: number; endsAt: number };

// Shared by the portal's tabs: one tab's work keeps the others' session alive too.
const LAST_CALL_KEY = 'lastCallAt';
// Written at most this often (a screen's calls come in bursts).
const WRITE_EVERY_MS = 5_000;

let limits: SessionLimits | null = null;
let lastCall = 0;
let written = 0;

export function setSessionLimits(next: SessionLimits | null): void {
  limits = next;
}
export const sessionLimits = (): SessionLimits | null => limits;

// A signed call the server answered (not a background poll): `at` is when it was sent.
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
