import { describe, expect, it } from 'vitest';
import { LOCALES } from '@study-crm/shared';
import { OTHER_FIELDS, RECORD_FIELDS, SECTION_FIELDS, type FieldTable } from '../components/audit/changeText';
import { fieldKeys } from '../components/audit/changeText.fixtures';
import { coreBundles } from '../locales';
import { audit } from '../pages/audit/locale';
import { FORM_STRINGS } from './operationLogScreen';

// The operation log names every audited record's fields and values (decisions 248, 255): the strings it loads with
// its screen, and the frame's own, hold every one of those names, in each language.
describe('the operation log screen', () => {
  it('loads the strings of every field label and value name it shows', async () => {
    const tables: FieldTable[] = [
      ...Object.values(RECORD_FIELDS),
      ...Object.values(OTHER_FIELDS),
      ...Object.values(SECTION_FIELDS),
    ];
    const keys = tables.flatMap((table) => Object.values(table).flatMap(fieldKeys));
    expect(keys.length).toBeGreaterThan(300);
    const bundles = [
      ...Object.values(coreBundles),
      audit,
      ...(await Promise.all(FORM_STRINGS.map((load) => load()))).flatMap((m) => Object.values(m)),
    ];
    const at = (tree: unknown, key: string) =>
      key
        .split('.')
        .reduce<unknown>((t, k) => (t && typeof t === 'object' ? (t as Record<string, unknown>)[k] : undefined), tree);
    for (const locale of LOCALES) {
      const missing = keys.filter((key) => !bundles.some((b) => typeof at(b[locale], key) === 'string'));
      expect(missing, locale).toEqual([]);
    }
  });
});
