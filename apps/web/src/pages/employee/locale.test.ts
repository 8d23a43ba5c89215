import { describe, expect, it } from 'vitest';
import type { LocaleTree } from '../../locales/types';
import { employee } from './locale';

const keys = (tree: LocaleTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('employee locale bundle', () => {
  it('has the same keys in zh-TW, zh-CN and en-US, none empty', () => {
    const tw = keys(employee['zh-TW']).sort();
    expect(keys(employee['zh-CN']).sort()).toEqual(tw);
    expect(keys(employee['en-US']).sort()).toEqual(tw);
    for (const locale of ['zh-TW', 'zh-CN', 'en-US'] as const) {
      const flat = JSON.stringify(employee[locale]);
      expect(flat).not.toContain('""');
    }
  });
});
