import { expect } from 'vitest';
import type { LocaleBundle, LocaleTree } from './types';

// Tests only: every dotted key of a locale tree.
export const keysOf = (tree: LocaleTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));

// Tests only: zh-CN and en-US hold exactly the keys of zh-TW.
export function expectSameKeys(bundle: LocaleBundle) {
  const tw = keysOf(bundle['zh-TW']).sort();
  expect(keysOf(bundle['zh-CN']).sort()).toEqual(tw);
  expect(keysOf(bundle['en-US']).sort()).toEqual(tw);
}
