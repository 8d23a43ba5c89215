import { useTranslation } from 'react-i18next';
import type { AppResources } from '../../locales/types';

// The dotted names of the string groups holding a `Marker` key, three levels deep at most (task.kpi).
type Groups<T, Marker extends string, Pre extends string, Depth extends unknown[]> = Depth['length'] extends 3
  ? never
  : {
      [K in keyof T & string]: T[K] extends Record<string, unknown>
        ? | (T[K] extends Record<Marker, string> ? `${Pre}${K}` : never)
          | Groups<T[K], Marker, `${Pre}${K}.`, [...Depth, unknown]>
        : never;
    }[keyof T & string];

// A list screen's string group: its keyword placeholder, and where the group has them `.title`, `.empty` and
// `.noMatch`.
export type ListStrings = Groups<AppResources, 'keywordPlaceholder', '', []>;
// A table's string group: its "nothing yet" text `.empty`, and where the group has it `.noMatch`.
export type TableStrings = Groups<AppResources, 'empty', '', []>;
// A compose drawer's send-time strings: `.sendTime` (the label), `.sendNow`, `.sendLater` and `.sendAtRequired`.
export type SendTimeStrings = Groups<AppResources, 'sendAtRequired', '', []>;
// A string group naming a thing in three languages: `.nameTw`, `.nameCn`, `.nameEn`.
export type NameStrings = Groups<AppResources, 'nameTw', '', []>;

// A string group naming each of a fixed set of values (the statuses of a thing): `.<value>` for every one.
export type ValueStrings<V extends string> = Groups<AppResources, V, '', []>;

// The strings of a group by its dotted name (notice.f: the notice form's field names).
export type GroupAt<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? GroupAt<T[H], R>
    : never
  : P extends keyof T
    ? T[P]
    : never;

// The texts of a string group by their last name, or undefined where the group has no such key. The group is
// checked by the types above at compile time; i18next's typed keys cannot follow a computed name.
export function useGroupText(group: string | undefined) {
  const { t, i18n } = useTranslation();
  return (key: string): string | undefined =>
    group && i18n.exists(`${group}.${key}`) ? (t(`${group}.${key}` as never) as string) : undefined;
}
