import { describe, expect, it } from 'vitest';
import type { LocaleTree } from '../../locales/types';
import { access } from './locale';

const keys = (tree: LocaleTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('access locale bundle', () => {
  it('has the same keys in zh-TW, zh-CN and en-US', () => {
    const tw = keys(access['zh-TW']).sort();
    expect(keys(access['zh-CN']).sort()).toEqual(tw);
    expect(keys(access['en-US']).sort()).toEqual(tw);
  });
});
