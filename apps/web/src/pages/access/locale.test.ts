import { describe, it } from 'vitest';
import { expectSameKeys } from '../../locales/sameKeys';
import { access } from './locale';

describe('access locale bundle', () => {
  it('has the same keys in zh-TW, zh-CN and en-US', () => {
    expectSameKeys(access);
  });
});
