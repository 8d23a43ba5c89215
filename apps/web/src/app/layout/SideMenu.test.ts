import { describe, expect, it } from 'vitest';
import { PROFILE_MENU } from '../../stores/session';
import { navTree } from '../../navigation/menu';
import { isKnownScreen, LOCAL_MENU } from '../routes';
import { activeMenuKey } from './SideMenu';

const tree = navTree([...LOCAL_MENU, PROFILE_MENU], isKnownScreen);

describe('activeMenuKey', () => {
  it('lights a menu screen itself', () => {
    expect(activeMenuKey(tree, '/user/tasks')).toBe('/user/tasks');
  });

  it('lights the list a hidden fixed screen names (project details: My projects, not Profile)', () => {
    expect(activeMenuKey(tree, '/user/projectDetail')).toBe('/user/projects');
  });

  it('lights the first item of the group above any other hidden screen', () => {
    expect(activeMenuKey(tree, '/user/nothingHere')).toBe('/user/profile');
  });
});
