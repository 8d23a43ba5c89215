import { describe, expect, it } from 'vitest';
import { expectSameKeys } from '../../locales/sameKeys';
import { employee } from './locale';

describe('employee locale bundle', () => {
  it('has the same keys in zh-TW, zh-CN and en-US, none empty', () => {
    expectSameKeys(employee);
    for (const locale of ['zh-TW', 'zh-CN', 'en-US'] as const) {
      const flat = JSON.stringify(employee[locale]);
      expect(flat).not.toContain('""');
    }
  });
});
