import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  AUDIT_RECORD_TYPES,
  DICT_TYPES,
  LOCALES,
  TIMELINE_RECORD_TYPES,
  type Locale,
  type MenuItem,
} from '@study-crm/shared';
import { useSession } from '../../stores/session';
import i18n, { registerBundle } from '../../i18n';
import type { LocaleBundle } from '../../locales/types';
import { dictQueryKey } from '../dict';
import schemaText from '../../../../server/src/db/schema.ts?raw';
import auditText from '../../../../server/src/db/audit.ts?raw';
import {
  OTHER_FIELDS,
  RECORD_FIELDS,
  SECTION_FIELDS,
  fieldName,
  useChangeText,
  type FieldSpec,
  type FieldTable,
} from './changeText';
import { fieldKeys } from './changeText.fixtures';

// Every page's strings, as the screens that show a History (and the operation log) load them.
const pageBundles = import.meta.glob<Record<string, LocaleBundle>>('../../pages/**/*ocale.ts', { eager: true });

// A key in one language only, without falling back to another.
const inLocale = (locale: Locale) => ({
  text: (key: string) => String(i18n.getResource(locale, 'translation', key)),
  has: (key: string) => typeof i18n.getResource(locale, 'translation', key) === 'string',
});

const label = (spec: FieldSpec) => (typeof spec === 'string' ? spec : spec[0]);

// The columns of a table type of the server's schema (apps/server/src/db/schema.ts), without the ones the audit
// log leaves out (db/audit.ts: bookkeeping, derived search columns, a child row's parent and place).
function columns(typeName: string): string[] {
  const m = new RegExp(`export type ${typeName} = (?:ChildRow & )?\\{\\n([\\s\\S]*?)\\n\\};`).exec(schemaText);
  if (!m) throw new Error(`${typeName} not found in the schema`);
  return [...m[1]!.matchAll(/^ {2}(\w+)\??:/gm)]
    .map((c) => c[1]!)
    .filter((f) => !/^(id|version|createdAt|updatedAt|sort|applicationId)$|^search|Key$/.test(f));
}

// The sets a record holds through a link table, whose changes the audit log records as `<set>Added` and
// `<set>Removed` (db/audit.ts, AUDIT_LINKS; decision 309): record type → set names.
function linkSets(): Record<string, string[]> {
  const start = auditText.indexOf('export const AUDIT_LINKS');
  const block = auditText.slice(start, auditText.indexOf('\n};', start));
  const out: Record<string, string[]> = {};
  let record = '';
  for (const m of block.matchAll(/^ {2}(\w+): \[|\['(\w+)', '/gm)) {
    if (m[1]) record = m[1];
    else (out[record] ??= []).push(m[2]!);
  }
  return out;
}

// Each audited record type with its table type in the schema (tags are dictionary entries), and the application's
// sections.
const typeName = (record: string) =>
  record === 'tag' ? 'DictEntryTable' : `${record[0]!.toUpperCase()}${record.slice(1)}Table`;
const TABLES: Record<string, [FieldTable, string]> = {
  ...Object.fromEntries(
    AUDIT_RECORD_TYPES.map((r) => [
      r,
      [
        (RECORD_FIELDS as Record<string, FieldTable>)[r] ?? (OTHER_FIELDS as Record<string, FieldTable>)[r]!,
        typeName(r),
      ],
    ]),
  ),
  'application.educations': [SECTION_FIELDS.educations!, 'ApplicationEducationTable'],
  'application.jobs': [SECTION_FIELDS.jobs!, 'ApplicationJobTable'],
  'application.languageScores': [SECTION_FIELDS.languageScores!, 'ApplicationLanguageScoreTable'],
  'application.referrers': [SECTION_FIELDS.referrers!, 'ApplicationReferrerTable'],
  'application.targetSchools': [SECTION_FIELDS.targetSchools!, 'ApplicationTargetSchoolTable'],
};

describe('a change in the reader’s language (decision 248)', () => {
  beforeAll(() => {
    for (const bundles of Object.values(pageBundles)) for (const b of Object.values(bundles)) registerBundle(b);
  });
  afterAll(() => i18n.changeLanguage('zh-TW'));

  it('has a table for every record type with a History', () => {
    expect(Object.keys(RECORD_FIELDS).sort()).toEqual([...TIMELINE_RECORD_TYPES].sort());
  });

  it('labels what each set a record holds through a link table gained and lost', () => {
    const sets = linkSets();
    expect(sets).toEqual({ role: ['permissions'], member: ['roles', 'labels'] });
    for (const [record, names] of Object.entries(sets)) {
      const table = TABLES[record]![0];
      for (const set of names)
        for (const f of [`${set}Added`, `${set}Removed`]) expect(Object.hasOwn(table, f), f).toBe(true);
    }
  });

  for (const [name, [table, typeName]] of Object.entries(TABLES)) {
    it(`${name}: every column the audit log records has a label`, () => {
      const cols = columns(typeName);
      expect(cols.length).toBeGreaterThanOrEqual(2);
      expect(cols.filter((c) => !Object.hasOwn(table, c))).toEqual([]);
    });

    for (const locale of LOCALES) {
      it(`${name}: each field resolves to a label, not its key, in ${locale}`, () => {
        const { text, has } = inLocale(locale);
        const recordType = name.split('.')[0]!;
        const section = name.split('.')[1];
        for (const [field, spec] of Object.entries(table)) {
          expect(has(label(spec)), `${locale} ${label(spec)}`).toBe(true);
          const own = text(label(spec));
          expect(own, `${locale} ${field}`).not.toBe(field);
          expect(own.trim()).not.toBe('');
          const shown = fieldName(text, has, recordType, section ? `${section}[1].${field}` : field);
          expect(shown).toBe(section ? `${text(`audit.section.${section}`)} #1 · ${own}` : own);
          for (const key of fieldKeys(spec)) expect(has(key), `${locale} ${key}`).toBe(true);
        }
        expect(has('audit.value.yes') && has('audit.value.no')).toBe(true);
      });
    }
  }

  it("names every audited record type (the operation log's record filter) in every language", () => {
    for (const locale of LOCALES) {
      const { has } = inLocale(locale);
      expect(
        AUDIT_RECORD_TYPES.filter((r) => !has(`audit.recordType.${r}`)),
        locale,
      ).toEqual([]);
    }
  });

  it('names a section row by its section, place and field; an unknown field or record by its key', () => {
    const { text, has } = inLocale('en-US');
    expect(fieldName(text, has, 'application', 'targetSchools[2].decision')).toBe('Target schools #2 · Decision');
    expect(fieldName(text, has, 'application', 'jobs[1].title')).toBe('Work experience #1 · Title');
    expect(fieldName(text, has, 'application', 'targetSchools[1].mystery')).toBe('Target schools #1 · mystery');
    expect(fieldName(text, has, 'role', 'mystery')).toBe('mystery');
    expect(fieldName(text, has, 'tag', 'name')).toBe('name');
    expect(fieldName(text, has, 'tag', 'label2')).toBe('English tag');
    expect(fieldName(text, has, 'permission', 'isShow')).toBe('Shown in the menu');
    expect(fieldName(inLocale('zh-CN').text, inLocale('zh-CN').has, 'sysConfig', 'prodValue')).not.toBe('prodValue');
    expect(fieldName(text, has, null, 'cnName')).toBe('cnName');
    expect(fieldName(text, has, 'role', 'cnName')).toBe('Chinese name');
    expect(fieldName(inLocale('zh-TW').text, inLocale('zh-TW').has, 'role', 'cnName')).toBe('中文名稱');
  });

  it('shows enumerations, flags, dictionary values and times by their names', async () => {
    await i18n.changeLanguage('en-US');
    const client = new QueryClient();
    client.setQueryData(dictQueryKey(DICT_TYPES.gender), [{ value: 'F', label: '女', label2: 'Female', color: null }]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const role = renderHook(() => useChangeText('role', ['kind', 'isBuiltin']), { wrapper }).result.current;
    expect(role.value('kind', 'general')).toBe('General');
    expect(role.value('isBuiltin', '1')).toBe('Yes');
    expect(role.value('isBuiltin', '0')).toBe('No');
    expect(role.value('kind', 'someday')).toBe('someday');
    expect(role.value('cnName', null)).toBe('—');
    expect(role.field('isBuiltin')).toBe('Built-in');
    const app = renderHook(() => useChangeText('application', ['referrers[1].gender', 'targetSchools[1].reply']), {
      wrapper,
    }).result.current;
    expect(app.value('referrers[1].gender', 'F')).toBe('Female');
    expect(app.value('referrers[1].gender', 'X')).toBe('X');
    expect(app.value('targetSchools[1].reply', 'firm')).toBe('Firm');
    const pay = renderHook(() => useChangeText('paymentRecord', ['status']), { wrapper }).result.current;
    expect(pay.value('status', 'voided')).toBe('Voided');
    expect(pay.field('amountMinor')).toBe('Amount (minor units)');
    const member = renderHook(() => useChangeText('member', ['lockedUntil']), { wrapper }).result.current;
    expect(member.value('lockedUntil', String(Date.UTC(2026, 0, 2, 3, 4, 5)))).toMatch(/^2026-01-0[12] \d\d:04:05$/);
    expect(member.value('memberType', 'parent')).toBe('Parent');
    expect(member.field('passwordHash')).toBe('Password');
  });

  it("shows a role's permissions given and taken away by the names of the reader's menu, with their codes", async () => {
    const item = (id: number, name: string, perm: string, children: MenuItem[] = []): MenuItem => ({
      id,
      parentId: 0,
      name,
      title: `title of ${name}`,
      icon: null,
      url: null,
      sort: id,
      isShow: 1,
      component: null,
      perm,
      type: children.length ? 'menu' : 'button',
      children,
    });
    const before = useSession.getState().serverMenu;
    useSession.setState({
      serverMenu: [
        item(1, 'systemSetup', 'menu:systemSetup', [
          item(2, 'sysTagManage', 'sys:tag:list', [item(3, 'staffOnlyButton', 'sys:tag:custom')]),
        ]),
      ],
    });
    try {
      await i18n.changeLanguage('en-US');
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      );
      const role = renderHook(() => useChangeText('role', ['permissionsAdded']), { wrapper }).result.current;
      // A seeded item by its locale name, one a member added by its stored title, one the reader lacks by its code.
      expect(role.value('permissionsAdded', 'menu:systemSetup, sys:tag:custom, sys:tag:list, x:unknown')).toBe(
        'System setup (menu:systemSetup), title of staffOnlyButton (sys:tag:custom), Tags (sys:tag:list), x:unknown',
      );
      expect(role.value('permissionsRemoved', 'sys:tag:list')).toBe('Tags (sys:tag:list)');
      expect(role.field('permissionsRemoved')).toBe('Permissions taken away');
      // Only a role's permission sets are read as codes.
      const member = renderHook(() => useChangeText('member', ['rolesAdded']), { wrapper }).result.current;
      expect(member.value('rolesAdded', 'sys:tag:list')).toBe('sys:tag:list');
      expect(member.field('rolesAdded')).toBe('Roles given');
    } finally {
      useSession.setState({ serverMenu: before });
    }
  });

  it('shows a person or cycle named by id by its name with the id, a removed one marked, a gone one by its id', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const refs = [
      { kind: 'member' as const, id: 12, name: 'Alice Chen', removed: false },
      { kind: 'member' as const, id: 13, name: 'Bob Lee', removed: true },
      { kind: 'cycle' as const, id: 2, name: '2027', removed: false },
      { kind: 'member' as const, id: 14, name: null, removed: false },
    ];
    const fields = ['signingTeacherId', 'followTeacherId', 'targetSchools[1].cycleId', 'memberId'];
    const shown = async (locale: Locale) => {
      await i18n.changeLanguage(locale);
      const text = renderHook(() => useChangeText('application', fields, refs), { wrapper }).result.current;
      return [
        text.value('signingTeacherId', '12'),
        text.value('followTeacherId', '13'),
        text.value('targetSchools[1].cycleId', '2'),
        text.value('memberId', '14'),
        // An id of another kind with the same number is not this ref; a non-id value shows as stored.
        text.value('targetSchools[1].cycleId', '12'),
        text.value('signingTeacherId', null),
      ];
    };
    expect(await shown('en-US')).toEqual([
      'Alice Chen (#12)',
      'Bob Lee (removed, #13)',
      '2027 entry (#2)',
      '#14 (no longer exists)',
      '#12 (no longer exists)',
      '—',
    ]);
    expect(await shown('zh-TW')).toEqual([
      'Alice Chen（#12）',
      'Bob Lee（已刪除，#13）',
      '2027 年入學（#2）',
      '#14（已不存在）',
      '#12（已不存在）',
      '—',
    ]);
    const cn = await shown('zh-CN');
    expect(cn[1]).toBe('Bob Lee（已删除，#13）');
    expect(cn[2]).toBe('2027 年入学（#2）');
    // A field that holds no id keeps its value as stored.
    const role = renderHook(() => useChangeText('role', ['name'], refs), { wrapper }).result.current;
    expect(role.value('name', '12')).toBe('12');
  });
});
