import { describe, expect, it } from 'vitest';
import { LOCALES } from '@study-crm/shared';
import i18n from '../i18n';
import typedStrings from '../strings.ts?raw';
import { coreBundles } from './index';
import type { LocaleBundle, LocaleTree } from './types';

// Every bundle of the app: the core ones loaded at boot and each page folder's (locale.ts, bind-locale.ts, ...),
// found by file name so that a new page's strings are checked without being listed here.
const pageModules = import.meta.glob<Record<string, LocaleBundle>>('../pages/**/*locale.ts', { eager: true });
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
