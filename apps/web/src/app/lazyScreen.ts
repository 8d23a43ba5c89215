import { lazy, type ComponentType } from 'react';
import { registerBundle } from '../i18n';
import type { LocaleBundle } from '../locales/types';

// A lazily loaded screen whose strings (its folder's locale.ts) load in parallel with it and are registered before
// it renders: no page's strings are part of the first download. preload() starts both early (the frame does so for
// the home screen while the member's access loads); the render then uses what arrived.
export function lazyScreen<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  strings: () => Promise<Record<string, LocaleBundle>>,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= Promise.all([load(), strings()]).then(
      ([screen, bundles]) => {
        for (const bundle of Object.values(bundles)) registerBundle(bundle);
        return screen;
      },
      (err: unknown) => {
        // A chunk that failed to arrive is asked for again next time.
        loading = undefined;
        throw err;
      },
    ));
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}
