import { describe, expect, it } from 'vitest';
import { LOCALES, MESSAGES } from '@study-crm/shared';
import i18n from '../i18n';
import { sampleVariables } from '../pages/message/preview';
import typedStrings from '../strings.ts?raw';
import { coreBundles } from './index';
import type { LocaleBundle, LocaleTree } from './types';

// Every bundle of the app: the core ones loaded at boot, each page folder's (locale.ts, bind-locale.ts, ...) and
// those of the kit's parts loaded on first use (components/import), found by file name so that a new page's strings
// are checked without being listed here.
const pageModules = import.meta.glob<Record<string, LocaleBundle>>(
  ['../pages/**/*locale.ts', '../components/**/*locale.ts', './tabOrder.ts', './sessionExpiry.ts'],
  {
    eager: true,
  },
);
const bundles: Record<string, LocaleBundle> = {
  ...coreBundles,
  ...Object.assign({}, ...Object.values(pageModules)),
};

// Every key path of a tree, e.g. 'frame.tabs.reload'.
function keyPaths(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keyPaths(v, `${prefix}${k}.`),
  );
}

describe('locale bundles', () => {
  for (const [name, bundle] of Object.entries(bundles)) {
    it(`${name} has the same keys in zh-TW, zh-CN and en-US`, () => {
      const all = new Set(LOCALES.flatMap((l) => keyPaths(bundle[l] ?? {})));
      for (const locale of LOCALES) {
        const have = new Set(keyPaths(bundle[locale] ?? {}));
        const missing = [...all].filter((k) => !have.has(k));
        expect(missing, `${name} lacks in ${locale}`).toEqual([]);
      }
    });

    it(`${name} has no empty strings`, () => {
      for (const locale of LOCALES) {
        const walk = (tree: LocaleTree, path: string): void => {
          for (const [k, v] of Object.entries(tree)) {
            if (typeof v === 'string') expect(v.trim(), `${locale} ${path}${k}`).not.toBe('');
            else walk(v, `${path}${k}.`);
          }
        };
        walk(bundle[locale] ?? {}, '');
      }
    });
  }
});

describe('typed keys', () => {
  it('finds every bundle, and each is part of the typed strings (src/strings.ts)', () => {
    expect(Object.keys(bundles).length).toBeGreaterThanOrEqual(23);
    const missing = Object.keys(bundles).filter(
      (name) => !new RegExp(`\\(typeof ${name}\\)\\['zh-TW'\\]`).test(typedStrings),
    );
    expect(missing).toEqual([]);
  });

  it('knows every key at compile time: a wrong key fails typecheck', () => {
    // @ts-expect-error 'common.noSuchKey' is not a key of the resources (typecheck fails if keys were untyped).
    const wrong = () => i18n.t('common.noSuchKey');
    expect(typeof wrong).toBe('function');
    expect(i18n.t('common.appName', { lng: 'en-US' })).toBe('Study CRM Admin');
  });
});

// CJK characters and full-width punctuation (、。，：（）「」…): none belongs in an English sentence.
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

describe('English strings', () => {
  // Every en-US string of a tree with its key path, e.g. 'message.template.contentHint'.
  const english = (tree: LocaleTree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : english(v, `${prefix}${k}.`),
    );

  it('hold no Chinese character or full-width punctuation (core strings and every page bundle)', () => {
    const found = Object.entries(bundles).flatMap(([name, bundle]) =>
      english(bundle['en-US'] ?? {})
        .filter(([, text]) => CJK.test(text))
        .map(([key, text]) => `${name}: ${key} = ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('hold no Chinese character or full-width punctuation (the server messages)', () => {
    const found = Object.entries(MESSAGES)
      .filter(([, text]) => CJK.test(text['en-US']))
      .map(([key, text]) => `${key} = ${text['en-US']}`);
    expect(found).toEqual([]);
  });

  it('list the template variables with an English separator', () => {
    const t = i18n.getFixedT('en-US');
    const hint = sampleVariables((key) => t(key));
    expect(hint).toBe('{{ recipient.email }}, {{ sender.name }}, {{ sender.email }}, {{ student.name }}');
    expect(hint).not.toMatch(CJK);
  });
});
