import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_TAB, useTabs, type Tab } from './tabs';

const tab = (fullPath: string): Tab => ({
  fullPath,
  titleKey: `t${fullPath}`,
  fallbackTitle: fullPath,
  ignoreCache: false,
});
const paths = () => useTabs.getState().tabs.map((t) => t.fullPath);

beforeEach(() => {
  useTabs.getState().reset();
  for (const p of ['/a', '/b', '/c', '/d']) useTabs.getState().open(tab(p));
});

describe('tab bar state', () => {
  it('starts with the home tab and opens each path once', () => {
    useTabs.getState().open(tab('/b'));
    expect(paths()).toEqual([HOME_TAB.fullPath, '/a', '/b', '/c', '/d']);
  });

  it('closes current, left, right, others and all, never the home tab', () => {
    useTabs.getState().close('current', '/b');
    expect(paths()).toEqual([HOME_TAB.fullPath, '/a', '/c', '/d']);
    useTabs.getState().close('left', '/c');
    expect(paths()).toEqual([HOME_TAB.fullPath, '/c', '/d']);
    useTabs.getState().open(tab('/e'));
    useTabs.getState().close('right', '/c');
    expect(paths()).toEqual([HOME_TAB.fullPath, '/c']);
    useTabs.getState().open(tab('/f'));
    useTabs.getState().close('others', '/f');
    expect(paths()).toEqual([HOME_TAB.fullPath, '/f']);
    useTabs.getState().close('all', '/f');
    expect(paths()).toEqual([HOME_TAB.fullPath]);
    useTabs.getState().close('current', HOME_TAB.fullPath);
    expect(paths()).toEqual([HOME_TAB.fullPath]);
  });

  it('reorders by drag but keeps the home tab first', () => {
    useTabs.getState().move('/d', '/a');
    expect(paths()).toEqual([HOME_TAB.fullPath, '/d', '/a', '/b', '/c']);
    useTabs.getState().move('/b', HOME_TAB.fullPath);
    expect(paths()).toEqual([HOME_TAB.fullPath, '/d', '/a', '/b', '/c']);
  });

  it('persists the tabs in session storage', () => {
    const saved = JSON.parse(sessionStorage.getItem('sadmin-tabs') ?? '{}') as { state?: { tabs?: Tab[] } };
    expect(saved.state?.tabs?.map((t) => t.fullPath)).toEqual([HOME_TAB.fullPath, '/a', '/b', '/c', '/d']);
  });

  it('bumps a version to reload a cached screen', () => {
    useTabs.getState().bump('/a');
    useTabs.getState().bump('/a');
    expect(useTabs.getState().versions['/a']).toBe(2);
  });
});
