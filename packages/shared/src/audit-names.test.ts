import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_MODULE_NAMES,
  AUDIT_RECORD_TYPE_NAMES,
  auditName,
  auditNamesIn,
} from './audit-names.js';

describe('audit names', () => {
  it('names a module, action or record type in each language', () => {
    expect(['zh-TW', 'zh-CN', 'en-US'].map((l) => auditName('module', 'auth', l as never))).toEqual([
      '登入',
      '登录',
      'Sign-in',
    ]);
    expect(auditName('recordType', 'paymentRecord', 'en-US')).toBe(AUDIT_RECORD_TYPE_NAMES.paymentRecord[2]);
    expect(auditNamesIn(AUDIT_ACTION_NAMES, 'zh-CN').update).toBe(AUDIT_ACTION_NAMES.update[1]);
  });

  it('gives an unnamed identifier back as it is, also one an object holds of its own', () => {
    expect(auditName('action', 'aFutureAction', 'en-US')).toBe('aFutureAction');
    for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(auditName('module', id, 'zh-TW')).toBe(id);
  });

  it('has a non-blank name in every language for every entry', () => {
    const blank = [AUDIT_MODULE_NAMES, AUDIT_ACTION_NAMES, AUDIT_RECORD_TYPE_NAMES].flatMap((table) =>
      Object.entries(table).filter(([, names]) => names.some((n) => n.trim() === '' || n !== n.trim())),
    );
    expect(blank).toEqual([]);
  });
});
