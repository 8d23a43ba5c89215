import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import {
  AREA_CODE_RE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_RE,
  isValidEmail,
  isValidUrl,
  normalizePhone,
} from '@study-crm/shared';

// Field rules shared by the forms (application detail, member form): the same checks as the shared schemas,
// with the message of the screen that uses them.

export const requiredRule = (message: string): RuleObject => ({ required: true, whitespace: true, message });

// A value that must be picked or given (an option, a date, a number): antd checks a whitespace rule as text, so
// this has none.
export const requiredValueRule = (message: string): RuleObject => ({ required: true, message });

export const emailRule = (message: string): RuleObject => ({
  validator: (_, v?: string) => (!v || isValidEmail(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

export const urlRule = (message: string): RuleObject => ({
  validator: (_, v?: string) => (!v || isValidUrl(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

// Required once the field `of` has a value (the area code of a typed mobile number).
export const requiredWith =
  (of: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v?: string) => (v || !getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(message))),
  });

// A mobile number needs its country calling code. `region` is the message when the code is missing or malformed
// (leave it out when the area-code field has its own rule); `isValid` checks the number for its code.
export const mobileRule = (
  areaCode: () => string | null | undefined,
  messages: { region?: string; invalid: string },
  isValid: (areaCode: string, mobile: string) => boolean = (_, mobile) => PHONE_RE.test(normalizePhone(mobile)),
): RuleObject => ({
  validator: (_, v?: string) => {
    if (!v) return Promise.resolve();
    const code = areaCode() ?? '';
    if (messages.region && !AREA_CODE_RE.test(code)) return Promise.reject(new Error(messages.region));
    return isValid(code, v) ? Promise.resolve() : Promise.reject(new Error(messages.invalid));
  },
});

// A new password: required, and of the length the server accepts.
export const newPasswordRules = (messages: { required: string; length: string }): RuleObject[] => [
  { required: true, message: messages.required },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: messages.length },
];

// The password typed again: required, and the same as the field `of`.
export const repeatedRules = (of: string, messages: { required: string; mismatch: string }): FormRule[] => [
  { required: true, message: messages.required },
  ({ getFieldValue }) => ({
    validator: (_, v?: string) =>
      !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(messages.mismatch)),
  }),
];

type Unwrappable = { unwrap?: () => unknown; maxLength?: number | null };

// The maximum length a shared zod string field allows (through optional/nullable wrappers), so inputs take their
// `maxLength` from the schema the server checks rather than from a repeated number.
export function maxLengthOf(schema: unknown): number | undefined {
  let s = schema as Unwrappable | undefined;
  for (let depth = 0; s && depth < 8; depth++) {
    if (typeof s.maxLength === 'number') return s.maxLength;
    if (typeof s.unwrap !== 'function') return undefined;
    s = s.unwrap() as Unwrappable;
  }
  return undefined;
}

// maxLengthOf for every field of a zod object shape.
export function lengthsOf<S extends Record<string, unknown>>(shape: S): Record<keyof S, number | undefined> {
  const out = {} as Record<keyof S, number | undefined>;
  for (const key of Object.keys(shape) as (keyof S)[]) out[key] = maxLengthOf(shape[key]);
  return out;
}
