// The named fields of a record, copied as they are: a mapper's plain fields, the list naming what the wire gets.
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = record[key];
  return out;
}
