import { beforeAll, describe, expect, it } from 'vitest';
import { type ProfileData, type Wallet, type WalletChallenge, type WalletCreated } from '@study-crm/shared';
import { useTestApp } from '../../test/signed-in.js';
import { createRole, createStaff, STAFF_PASSWORD } from '../../test/access-fixtures.js';
import type { Envelope } from '../../test/harness.js';
import { deriveEvmWallet, isMnemonic, toChecksumAddress } from './derive.js';

const BASE = '/api/v1/member/wallet';
const wordsFor = (mnemonic: string, positions: number[]) => {
  const words = mnemonic.split(' ');
  return { word1: words[positions[0]! - 1]!, word2: words[positions[1]! - 1]!, word3: words[positions[2]! - 1]! };
};
// Right answers with one word changed for another word of the list.
const wrongWords = (right: { word1: string; word2: string; word3: string }) => ({
  ...right,
  word2: right.word2 === 'zoo' ? 'abandon' : 'zoo',
});

// Issue 19: the member's own wallet — create with the password, the secrets once, the backup check, activation.
describe('member wallet', () => {
  const t = useTestApp();
  let roleId: number;
  // Every answer after a create, to prove the secrets never come back.
  const later: string[] = [];

  beforeAll(async () => {
    roleId = await createRole(t.db.db, 'ROLE_WALLET', []);
  });

  async function member(loginName: string) {
    const id = await createStaff(t.db.db, loginName, [roleId]);
    const { token } = await t.login(loginName, STAFF_PASSWORD);
    return { id, token };
  }
  const track = <T>(res: Envelope<T>) => {
    later.push(JSON.stringify(res));
    return res;
  };
  const view = async (token: string) => track(await t.get<Wallet | null>(`${BASE}/view`, {}, { token }));
  const create = (token: string, password = STAFF_PASSWORD) =>
    t.post<WalletCreated>(`${BASE}/create`, { password }, { token });
  const challenge = async (token: string) =>
    track(await t.post<WalletChallenge>(`${BASE}/backupChallenge`, {}, { token }));
  const activate = async (token: string, words: Record<string, string>) =>
    track(await t.post<Wallet>(`${BASE}/activate`, words, { token }));
  const profile = async (token: string) => track(await t.get<ProfileData>('/api/v1/member/profile', {}, { token }));

  it('creates with the password, shows the secrets once, refuses wrong words, then activates', async () => {
    const { id, token } = await member('wallet_a');
    expect((await view(token)).data).toBeNull();

    const wrong = await create(token, 'Wrong#password1');
    expect(wrong.meta).toEqual({ code: 400, message: 'Incorrect password' });
    expect((await view(token)).data).toBeNull();

    const made = await create(token);
    expect(made.meta.code).toBe(200);
    const { mnemonic, privateKey, address } = made.data;
    expect(isMnemonic(mnemonic)).toBe(true);
    expect(mnemonic.split(' ')).toHaveLength(12);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).toBe(toChecksumAddress(address));
    expect(deriveEvmWallet(mnemonic)).toEqual({ address, privateKey, publicKey: made.data.publicKey });
    expect(made.data).toMatchObject({
      chain: 'evm',
      derivationPath: "m/44'/60'/0'/0/0",
      activated: false,
      checkPositions: null,
    });

    // Stored sealed: neither secret readable in the row.
    const row = await t.db.db
      .selectFrom('memberWallet')
      .select(['wrappedKey', 'mnemonicEnc', 'privateKeyEnc'])
      .where('memberId', '=', id)
      .executeTakeFirstOrThrow();
    for (const sealed of Object.values(row)) expect(sealed).toMatch(/^v1\./);
    // The values only, not the column names ("privateKeyEnc" holds "private" and "key", both words of the list a
    // mnemonic is drawn from); two words with their space, which a sealed value (base64) never holds by chance.
    const stored = Object.values(row).join('\n');
    expect(stored).not.toContain(mnemonic.split(' ').slice(0, 2).join(' '));
    expect(stored).not.toContain(privateKey.slice(2));

    expect((await profile(token)).data.playData).toEqual({ walletAddress: null });
    expect((await activate(token, { word1: 'abandon', word2: 'abandon', word3: 'abandon' })).meta.code).toBe(7604);

    const check = await challenge(token);
    expect(check.meta.code).toBe(200);
    const { positions } = check.data;
    expect(positions).toHaveLength(3);
    expect(new Set(positions).size).toBe(3);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const p of positions) expect(p >= 1 && p <= 12).toBe(true);
    expect((await view(token)).data).toMatchObject({ activated: false, checkPositions: positions });

    const right = wordsFor(mnemonic, positions);
    const refused = await activate(token, wrongWords(right));
    expect(refused.meta).toEqual({ code: 7603, message: 'The words do not match your recovery phrase; tries left: 4' });
    expect((await view(token)).data?.activated).toBe(false);

    // Case and surrounding spaces do not matter.
    const done = await activate(token, { ...right, word1: ` ${right.word1.toUpperCase()} ` });
    expect(done.meta.code).toBe(200);
    expect(done.data).toMatchObject({ address, activated: true, checkPositions: null });
    expect((await view(token)).data).toMatchObject({ address, activated: true });
    expect((await profile(token)).data.playData).toEqual({ walletAddress: address });

    // From now on: no second wallet, no new check, no discarding, no secrets.
    expect((await challenge(token)).meta.code).toBe(7602);
    expect(track(await create(token)).meta.code).toBe(7600);
    expect(track(await t.post(`${BASE}/discard`, { password: STAFF_PASSWORD }, { token })).meta.code).toBe(7602);
    expect((await activate(token, right)).meta.code).toBe(7602);

    const answers = later.join('\n');
    const logs = t.logs.join('\n');
    for (const text of [answers, logs]) {
      expect(text).not.toContain(mnemonic);
      expect(text).not.toContain(privateKey.slice(2));
      expect(text).not.toContain(row.wrappedKey.slice(3, 40));
    }
    expect(answers).toContain(address);
    expect(logs).toContain(`${BASE}/create`);
    expect(logs).not.toContain(STAFF_PASSWORD);
  });

  it('withdraws a backup check after five wrong answers; a new check has new positions to answer', async () => {
    const { token } = await member('wallet_b');
    const { mnemonic } = (await create(token)).data;
    const { positions } = (await challenge(token)).data;
    const wrong = wrongWords(wordsFor(mnemonic, positions));
    for (const left of [4, 3, 2, 1]) {
      expect((await activate(token, wrong)).meta.message).toContain(`tries left: ${left}`);
    }
    expect((await activate(token, wrong)).meta.code).toBe(7604);
    expect((await view(token)).data?.checkPositions).toBeNull();
    expect((await activate(token, wordsFor(mnemonic, positions))).meta.code).toBe(7604);

    const again = (await challenge(token)).data.positions;
    expect((await activate(token, wordsFor(mnemonic, again))).meta.code).toBe(200);
  });

  it('refuses a second wallet, also when two creates race: one wallet remains', async () => {
    const { id, token } = await member('wallet_c');
    const results = await Promise.all([create(token), create(token), create(token)]);
    expect(results.map((r) => r.meta.code).sort()).toEqual([200, 7600, 7600]);
    const rows = await t.db.db.selectFrom('memberWallet').select('address').where('memberId', '=', id).execute();
    expect(rows).toEqual([{ address: results.find((r) => r.meta.code === 200)!.data.address }]);
    expect((await create(token)).meta).toEqual({
      code: 7600,
      message: 'You already have a wallet; a member can bind only one',
    });
  });

  it('activates once when two right answers race', async () => {
    const { token } = await member('wallet_d');
    const { mnemonic } = (await create(token)).data;
    const right = wordsFor(mnemonic, (await challenge(token)).data.positions);
    const results = await Promise.all([activate(token, right), activate(token, right)]);
    const codes = results.map((r) => r.meta.code).sort();
    expect(codes[0]).toBe(200);
    expect([7602, 7604]).toContain(codes[1]);
  });

  it('discards a wallet never activated (password re-entered), after which a new one can be created', async () => {
    const { token } = await member('wallet_e');
    const first = (await create(token)).data;
    const bad = await t.post(`${BASE}/discard`, { password: 'Wrong#password1' }, { token });
    expect(bad.meta.code).toBe(400);
    expect((await view(token)).data?.address).toBe(first.address);
    expect((await t.post(`${BASE}/discard`, { password: STAFF_PASSWORD }, { token })).meta.code).toBe(200);
    expect((await view(token)).data).toBeNull();
    expect((await t.post(`${BASE}/discard`, { password: STAFF_PASSWORD }, { token })).meta.code).toBe(7601);
    const second = await create(token);
    expect(second.meta.code).toBe(200);
    expect(second.data.address).not.toBe(first.address);
  });

  it('keeps each member to their own wallet', async () => {
    const a = await member('wallet_f');
    const b = await member('wallet_g');
    const made = (await create(a.token)).data;
    expect((await view(b.token)).data).toBeNull();
    expect((await challenge(b.token)).meta.code).toBe(7601);
    expect((await create(b.token)).data.address).not.toBe(made.address);
  });

  it('answers 400 naming the field for bad input, and 401 without a session', async () => {
    const { token } = await member('wallet_h');
    const noPassword = await t.post(`${BASE}/create`, {}, { token });
    expect(noPassword.meta.code).toBe(400);
    expect(noPassword.meta.message).toContain('password');
    const badWord = await t.post(`${BASE}/activate`, { word1: 'abc1', word2: 'able', word3: 'able' }, { token });
    expect(badWord.meta.code).toBe(400);
    expect(badWord.meta.message).toContain('word1');
    const nul = await t.post(`${BASE}/activate`, { word1: 'a\u0000b', word2: 'able', word3: 'able' }, { token });
    expect(nul.meta.code).toBe(400);
    for (const [url, post] of [
      ['view', false],
      ['create', true],
      ['backupChallenge', true],
      ['activate', true],
      ['discard', true],
    ] as const) {
      const res = post ? await t.post(`${BASE}/${url}`, {}) : await t.get(`${BASE}/${url}`);
      expect(res.meta.code).toBe(401);
    }
  });
});
