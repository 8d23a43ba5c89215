import {
  CONTENT_LOCALES,
  CONTENT_STATUSES,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  FEEDBACK_STATUSES,
  JOB_STATUSES,
  PROJECT_ROLES,
  PROJECT_STATUSES,
  TASK_STATUSES,
} from '@study-crm/shared';
import type { FieldSpec } from './changeText';

// For the tests: the values of the enumerations changeText.ts names by prefix only (decision 255), by prefix.
export const ENUM_VALUES: Readonly<Record<string, readonly string[]>> = {
  'content.locale': CONTENT_LOCALES,
  'content.status': CONTENT_STATUSES,
  'privacy.request.kinds': DATA_REQUEST_KINDS,
  'privacy.request.statuses': DATA_REQUEST_STATUSES,
  'feedback.state': FEEDBACK_STATUSES,
  'privacy.request.exportStatus': JOB_STATUSES,
  'project.role': PROJECT_ROLES,
  'project.status': PROJECT_STATUSES,
  'task.status': TASK_STATUSES,
};

// The string keys a field shows: its label, and its values' names when it has an enumeration or options.
export function fieldKeys(spec: FieldSpec): string[] {
  if (typeof spec === 'string') return [spec];
  const [label, kind] = spec;
  if ('enum' in kind) {
    const values = kind.values ?? ENUM_VALUES[kind.enum];
    if (!values) throw new Error(`${kind.enum}: no values (changeText.fixtures.ts ENUM_VALUES)`);
    return [label, ...values.map((v) => `${kind.enum}.${v}`)];
  }
  if ('options' in kind) return [label, ...Object.values(kind.options)];
  return [label];
}
