import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import {
  ApplicationPersonalShape,
  EducationSchema,
  MemberAddBody,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@study-crm/shared';
import type { FormInstance } from 'antd';
import {
  emailRule,
  lengthsOf,
  maxLengthOf,
  mobileRule,
  newPasswordRules,
  repeatedRules,
  requiredValueRule,
  requiredWith,
} from './rules';

const check = (rule: unknown, value: string) =>
  (rule as { validator: (r: RuleObject, v: string) => Promise<void> }).validator({}, value);

describe('shared field rules', () => {
  it('takes input lengths from the shared schemas', () => {
    expect(lengthsOf(ApplicationPersonalShape).name).toBe(100);
    expect(lengthsOf(ApplicationPersonalShape).email).toBe(120);
    expect(lengthsOf(EducationSchema.shape).school).toBe(200);
    expect(lengthsOf(MemberAddBody.shape).email).toBe(120);
    expect(lengthsOf(MemberAddBody.shape).fullName).toBe(60);
    expect(maxLengthOf(ApplicationPersonalShape.birthday)).toBeUndefined();
  });

  it('checks e-mail and mobile with the screen message', async () => {
    await expect(check(emailRule('bad'), 'a@b.co')).resolves.toBeUndefined();
    await expect(check(emailRule('bad'), 'nope')).rejects.toThrow('bad');
    const rule = mobileRule(() => undefined, { region: 'region', invalid: 'invalid' });
    await expect(check(rule, '0912345678')).rejects.toThrow('region');
    await expect(
      check(
        mobileRule(() => '886', { invalid: 'invalid' }),
        '12',
      ),
    ).rejects.toThrow('invalid');
    await expect(
      check(
        mobileRule(() => '886', { invalid: 'invalid' }),
        '0912 345 678',
      ),
    ).resolves.toBeUndefined();
  });

  it('asks a new password for the length the server accepts, and its repetition to match', async () => {
    expect(newPasswordRules({ required: 'r', length: 'l' })).toEqual([
      { required: true, message: 'r' },
      { min: PASSWORD_MIN, max: PASSWORD_MAX, message: 'l' },
    ]);
    const [required, same] = repeatedRules('password', { required: 'r', mismatch: 'differs' });
    expect(required).toEqual({ required: true, message: 'r' });
    const form = { getFieldValue: (name: string) => (name === 'password' ? 'Secret#2026' : undefined) };
    const rule = (same as (f: FormInstance) => RuleObject)(form as unknown as FormInstance);
    await expect(check(rule, 'Secret#2026')).resolves.toBeUndefined();
    await expect(check(rule, 'Secret#2027')).rejects.toThrow('differs');
    await expect(check(rule, '')).resolves.toBeUndefined();
  });

  it('asks for a picked value without a whitespace check, and for a field once another one is filled', async () => {
    expect(requiredValueRule('pick one')).toEqual({ required: true, message: 'pick one' });
    const formWith = (mobile?: string) =>
      ({ getFieldValue: (name: string) => (name === 'mobile' ? mobile : undefined) }) as unknown as FormInstance;
    const areaCode = (mobile?: string) =>
      (requiredWith('mobile', 'area code') as (f: FormInstance) => RuleObject)(formWith(mobile));
    await expect(check(areaCode('0912345678'), '')).rejects.toThrow('area code');
    await expect(check(areaCode('0912345678'), '886')).resolves.toBeUndefined();
    await expect(check(areaCode(undefined), '')).resolves.toBeUndefined();
  });
});
