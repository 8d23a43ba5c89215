import { beforeEach, describe, expect, it, vi } from 'vitest';

// The access reads, answered when the test says so.
type Answer = { meta: { code: number; message: string }; data: unknown };
const { pending, calls } = vi.hoisted(() => {
  const pending: { resolve: (a: Answer) => void; kind: string }[] = [];
  const ask = (kind: string) => () => new Promise<Answer>((resolve) => pending.push({ resolve, kind }));
  const calls = {
    readMenu: ask('menu'),
    readProfile: ask('profile'),
    readButtons: ask('buttons'),
    signOut: async () => null,
    actAsRole: async () => ({ meta: { code: 200, message: '' }, data: null }),
  };
  return { pending, calls };
});
vi.mock('./accessCalls', () => calls);
const { useSession } = await import('./session');

const profile = (name: string) => ({
  id: 1,
  displayName: name,
  avatarImg: null,
  roles: [],
  activeRoleId: null,
  playData: { walletAddress: null },
});
const ok = (kind: string, name: string): Answer => ({
  meta: { code: 200, message: '' },
  data: kind === 'profile' ? profile(name) : [],
});
// Answers every read asked so far: the profile named `name`, an empty menu and no buttons.
const answerAll = async (name: string) => {
  await vi.waitFor(() => expect(pending.length).toBeGreaterThanOrEqual(3));
  for (const p of pending.splice(0)) p.resolve(ok(p.kind, name));
};

beforeEach(() => {
  pending.length = 0;
});

describe('the session access read', () => {
  it('is asked once when the boot and the frame both ask for it', async () => {
    const boot = useSession.getState().loadAccess();
    const frame = useSession.getState().loadAccess();
    expect(frame).toBe(boot);
    await vi.waitFor(() => expect(pending.length).toBeGreaterThanOrEqual(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(pending.map((p) => p.kind).sort()).toEqual(['buttons', 'menu', 'profile']);
    await answerAll('Ada');
    await Promise.all([boot, frame]);
    expect(useSession.getState().menuLoaded).toBe(true);
    expect(useSession.getState().profile?.displayName).toBe('Ada');
  });

  it('drops the answer of a read that a sign-out overtook, and reads afresh for the next member', async () => {
    const before = useSession.getState().loadAccess();
    await vi.waitFor(() => expect(pending.length).toBe(3));
    const first = pending.splice(0);
    await useSession.getState().logout(false);
    // The next member signs in while the first one's answers are still on their way.
    const next = useSession.getState().loadAccess();
    expect(next).not.toBe(before);
    // The first member's answers arrive: dropped, and the frame asking now still waits for the next member's read.
    for (const p of first) p.resolve(ok(p.kind, 'Ada'));
    await before;
    expect(useSession.getState().menuLoaded).toBe(false);
    expect(useSession.getState().loadAccess()).toBe(next);
    await answerAll('Bo');
    await next;
    expect(useSession.getState().profile?.displayName).toBe('Bo');
  });
});

describe('a change to the member’s own access', () => {
  it('reads the menu, the buttons and the profile again once the access is loaded', async () => {
    useSession.setState({ token: 't' });
    const load = useSession.getState().loadAccess();
    await answerAll('Ada');
    await load;
    expect(useSession.getState().menuLoaded).toBe(true);
    const refresh = useSession.getState().refreshAccess();
    // The frame asking meanwhile waits for this read instead of asking again.
    expect(useSession.getState().loadAccess()).toBe(refresh);
    await vi.waitFor(() => expect(pending.length).toBe(3));
    for (const p of pending.splice(0))
      p.resolve(
        p.kind === 'buttons' ? { meta: { code: 200, message: '' }, data: ['role:update'] } : ok(p.kind, 'Ada Lovelace'),
      );
    await refresh;
    expect(useSession.getState().serverPerm).toEqual(['role:update']);
    expect(useSession.getState().profile?.displayName).toBe('Ada Lovelace');
    expect(useSession.getState().menuLoaded).toBe(true);
  });
});
