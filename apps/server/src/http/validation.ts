import type { z } from 'zod';
import { formatMessage, isMessageKey, type Locale, type MessageKey, type MessageParams } from '@study-crm/shared';

export type FieldProblem = { field: string; reason: MessageKey; params: MessageParams };

const TYPE_NAMES: Record<string, Record<Locale, string>> = {
  number: { 'zh-TW': '數字', 'zh-CN': '数字', 'en-US': 'a number' },
  string: { 'zh-TW': '文字', 'zh-CN': '文本', 'en-US': 'text' },
  array: { 'zh-TW': '清單', 'zh-CN': '列表', 'en-US': 'a list' },
  object: { 'zh-TW': '物件', 'zh-CN': '对象', 'en-US': 'an object' },
  boolean: { 'zh-TW': '布林值', 'zh-CN': '布尔值', 'en-US': 'true or false' },
};

// Turns the first zod issue into a field problem whose reason is a catalogue key.
// `input` is what was validated, to tell a missing value from a value of the wrong type.
export function problemFromIssue(issue: z.core.$ZodIssue, location: string, input?: unknown): FieldProblem {
  const field = issue.path.length ? issue.path.map(String).join('.') : location;
  if (isMessageKey(issue.message) && issue.message.startsWith('v.')) {
    return { field, reason: issue.message, params: {} };
  }
  switch (issue.code) {
    case 'invalid_type': {
      const value = issue.path.reduce<unknown>(
        (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
        input,
      );
      const missing = value === undefined || value === null;
      return missing
        ? { field, reason: 'v.required', params: {} }
        : { field, reason: 'v.type', params: { expected: issue.expected } };
    }
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { field, reason: 'v.tooLong', params: { max: Number(issue.maximum) } }
        : { field, reason: 'v.tooBig', params: { max: Number(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { field, reason: 'v.required', params: {} };
      return issue.origin === 'string' || issue.origin === 'array'
        ? { field, reason: 'v.tooShort', params: { min: Number(issue.minimum) } }
        : { field, reason: 'v.tooSmall', params: { min: Number(issue.minimum) } };
    case 'invalid_value':
      return { field, reason: 'v.enum', params: { values: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { field: issue.keys.join(', '), reason: 'v.unknownField', params: {} };
    case 'invalid_union':
      return { field, reason: 'v.format', params: {} };
    default:
      return { field, reason: 'v.format', params: {} };
  }
}

// A field as staff know it ('email' → "The e-mail address"), or as the request names it when it has no label.
export function fieldLabel(field: string, locale: Locale): string {
  const key = `f.${field}`;
  return isMessageKey(key) ? formatMessage(key, locale) : field;
}

// The {detail} of the 400 message: the field's problem in the caller's language, the field by its label.
export function describeProblem(problem: FieldProblem, locale: Locale): string {
  const params: Record<string, string | number> = { ...problem.params, field: fieldLabel(problem.field, locale) };
  if (problem.reason === 'v.type' && typeof params.expected === 'string') {
    params.expected = TYPE_NAMES[params.expected]?.[locale] ?? params.expected;
  }
  return formatMessage(problem.reason, locale, params);
}
