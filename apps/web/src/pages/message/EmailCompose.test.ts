import { describe, expect, it } from 'vitest';
import { PATHS as APPLICATION_PATHS } from '../../navigation/paths';
import { applicationPickerShown, recipientsRule } from './EmailCompose';

const messages = { invalid: 'bad address', tooMany: 'too many' };
const check = (fields: Record<string, string>, value: string) =>
  recipientsRule(messages)({ getFieldValue: (name) => fields[name] })
    .validator(undefined, value)
    .then(
      () => 'ok',
      (e: Error) => e.message,
    );
const many = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}@example.com`).join(', ');

describe('the Cc and Bcc rule of the compose drawer', () => {
  it('takes an empty field and valid addresses, refuses a bad one', async () => {
    expect(await check({ recipients: 'a@example.com' }, '')).toBe('ok');
    expect(await check({ recipients: 'a@example.com' }, 'b@example.com; c@example.com')).toBe('ok');
    expect(await check({ recipients: 'a@example.com' }, 'b@example.com, nope')).toBe('bad address');
  });

  it('counts To, Cc and Bcc together, an address in two of them once', async () => {
    const fields = { recipients: many('a', 50), cc: many('a', 10), bcc: many('b', 50) };
    expect(await check(fields, fields.bcc)).toBe('ok');
    const over = { ...fields, cc: many('c', 1) };
    expect(await check(over, over.cc)).toBe('too many');
  });
});

describe('the application picker of the compose drawer', () => {
  it('is shown only to a member who may open both the application list and its detail', () => {
    // A member whose menu opens these paths.
    function opens(...paths: string[]) {
      return (path: string) => paths.includes(path);
    }
    const [list, detail] = [APPLICATION_PATHS.list, APPLICATION_PATHS.detail()];
    expect(applicationPickerShown(opens(list, detail))).toBe(true);
    expect(applicationPickerShown(opens(list))).toBe(false);
    expect(applicationPickerShown(opens(detail))).toBe(false);
  });
});
