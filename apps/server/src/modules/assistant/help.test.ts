import { expect, it } from 'vitest';
import { COMPONENT_KEYS, LOCALES, MENU_SEED, type MenuSeed } from '@study-crm/shared';
import { createHelpIndex, HELP_CARDS, tokenize } from './help/help-index.js';
import { engineFree } from '../../test/engine.js';

// The user-centre pages (web app/routes.ts FIXED_ROUTES) and their routes.
const USER_CENTRE: Record<string, string> = {
  HomeIndex: '/home/index',
  Profile: '/user/profile',
  ResetPwd: '/user/resetPwd',
  BindAccount: '/user/bindAccount',
  Wallet: '/user/wallet',
  Resume: '/user/resume',
  MyProjects: '/user/projects',
  MyTasks: '/user/tasks',
  ProjectDetail: '/user/projectDetail',
};

function menuPaths(seeds: readonly MenuSeed[], parent = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of seeds) {
    const path = s.path?.startsWith('/') ? s.path : `${parent}/${s.path ?? ''}`;
    if (s.type === 'menu' && s.component && s.component !== 'parentview') out.set(s.component, path);
    for (const [k, v] of menuPaths(s.children ?? [], path)) out.set(k, v);
  }
  return out;
}

engineFree.describe('help cards', () => {
  const ids = new Set(HELP_CARDS.map((c) => c.id));
  const screens = menuPaths(MENU_SEED);
  const routes = new Set([...screens.values(), ...Object.values(USER_CENTRE)]);

  it('cover every screen of the screen map and every user-centre page, in three languages', () => {
    for (const key of COMPONENT_KEYS) {
      if (key === 'parentview') continue;
      expect(ids.has(key === 'profile' ? 'Profile' : key), key).toBe(true);
    }
    for (const name of Object.keys(USER_CENTRE)) expect(ids.has(name), name).toBe(true);
    expect(ids.size).toBe(HELP_CARDS.length);
    for (const card of HELP_CARDS) {
      for (const locale of LOCALES) {
        const text = card[locale];
        expect(text.title.trim(), `${card.id} ${locale}`).not.toBe('');
        expect(text.body.split('\n').length, `${card.id} ${locale}`).toBeGreaterThanOrEqual(1);
        expect(text.keywords.trim(), `${card.id} ${locale}`).not.toBe('');
      }
    }
  });

  it('link to a real route of the portal (detail screens: the list they are opened from)', () => {
    for (const card of HELP_CARDS) expect(routes.has(card.path), `${card.id} → ${card.path}`).toBe(true);
    for (const [key, path] of screens) {
      const card = HELP_CARDS.find((c) => c.id === key);
      if (card && card.path !== path)
        expect(['applicationDetail', 'userFollow', 'userTransactions', 'userFiles', 'employeeProfile']).toContain(key);
    }
  });

  it('tokenizes Chinese into words with Intl.Segmenter, and English by word in lower case', () => {
    expect(tokenize('如何新增付款記錄？')).toEqual(expect.arrayContaining(['如何', '新增', '付款', '記錄']));
    expect(tokenize('How do I add a Payment record?')).toEqual(['how', 'do', 'i', 'add', 'a', 'payment', 'record']);
    // Full-width letters fold to their plain form.
    expect(tokenize('ＣＡＳ')).toEqual(['cas']);
  });

  it('puts the right card first for how-to questions in the three languages', () => {
    const index = createHelpIndex();
    const first = (q: string) => index.search(q, () => true)[0]?.card.id;
    const cases: [string, string][] = [
      ['How do I add a payment record?', 'transactions'],
      ['如何新增付款記錄？', 'transactions'],
      ['怎么添加付款记录', 'transactions'],
      ['How do I reply to feedback?', 'feedback'],
      ['怎麼回覆意見回饋', 'feedback'],
      ['如何上傳護照', 'userFiles'],
      ['how can I change my password', 'ResetPwd'],
      ['如何修改密码', 'ResetPwd'],
      ['how do I send an SMS', 'smsManage'],
      ['怎樣建立錢包', 'Wallet'],
      ['如何新增角色', 'roleManage'],
    ];
    for (const [q, id] of cases) expect(first(q), q).toBe(id);
  });

  it('finds nothing for a question about nothing the portal does, and only cards the member may open', () => {
    const index = createHelpIndex();
    expect(index.search('What is the weather in London?', () => true)).toEqual([]);
    const hits = index.search('How do I add a payment record?', (c) => c.perm === null);
    expect(hits.map((h) => h.card.id)).not.toContain('transactions');
  });
});
