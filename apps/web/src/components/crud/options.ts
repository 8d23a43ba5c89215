import type { ReactNode } from 'react';

export type Option<V> = { value: V; label: ReactNode };

// A select's options from a fixed list of values (statuses, kinds) and the string each is shown as.
export const enumOptions = <V extends string>(values: readonly V[], label: (v: V) => string): Option<V>[] =>
  values.map((value) => ({ value, label: label(value) }));
