// Retention periods (issue 41, docs/data-protection.md): one configuration key per kind of record, read by the
// daily retention job. A value is a whole number of the key's unit; 0 keeps that kind for ever. A key absent or
// disabled in the configuration takes its default.

export type RetentionKey = {
  key: string;
  unit: 'days' | 'years';
  default: number;
  max: number;
};

export const RETENTION_KEYS = {
  closedApplications: { key: 'retention.closedApplicationYears', unit: 'years', default: 6, max: 100 },
  inactiveStudents: { key: 'retention.inactiveStudentYears', unit: 'years', default: 3, max: 100 },
  unattachedFiles: { key: 'retention.unattachedFileDays', unit: 'days', default: 30, max: 36500 },
  outboxBodies: { key: 'retention.outboxBodyDays', unit: 'days', default: 90, max: 36500 },
  auditEntries: { key: 'retention.auditDays', unit: 'days', default: 730, max: 36500 },
  sessions: { key: 'retention.sessionDays', unit: 'days', default: 30, max: 36500 },
  verificationCodes: { key: 'retention.verificationCodeDays', unit: 'days', default: 7, max: 36500 },
  // The accounting period: payment records are kept (pseudonymised on erasure) for this many years.
  paymentKeep: { key: 'privacy.paymentKeepYears', unit: 'years', default: 6, max: 100 },
} as const satisfies Record<string, RetentionKey>;
export type RetentionKind = keyof typeof RETENTION_KEYS;

const BY_KEY: ReadonlyMap<string, RetentionKey> = new Map(Object.values(RETENTION_KEYS).map((k) => [k.key, k]));

// The retention setting a configuration key names, or undefined for any other key.
export const retentionSetting = (key: string): RetentionKey | undefined => BY_KEY.get(key.trim());

// Whether a value is valid for a retention key (whole number from 0 to its maximum); empty counts as valid (default).
export function isRetentionValue(setting: RetentionKey, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return true;
  if (!/^\d{1,6}$/.test(value.trim())) return false;
  return Number(value.trim()) <= setting.max;
}

// The value in effect: the configured one when valid, else the default.
export function retentionValue(setting: RetentionKey, value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '' || !isRetentionValue(setting, value)) {
    return setting.default;
  }
  return Number(value.trim());
}
