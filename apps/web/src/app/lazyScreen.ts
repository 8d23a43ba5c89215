import type { ComponentType } from 'react';
import { registerBundle } from '../i18n';
import type { LocaleBundle } from '../locales/types';
import { lazyPart, type LazyPart } from '../components/lazyPart';

export type LazyScreen<P extends object = object> = LazyPart<P>;

// A lazily loaded screen whose strings (its folder's locale.ts) load in parallel with it and are registered before
// it renders: no page's strings are part of the first download. preload() starts both early (the frame does so for
// the home screen while the member's access loads); the render then uses what arrived. A screen whose code did not
// arrive shows it in its pane and loads again on "Try again" (components/lazyPart.ts, decision 116).
export function lazyScreen<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  strings: () => Promise<Record<string, LocaleBundle>>,
): LazyScreen<P> {
  return lazyPart(() =>
    Promise.all([load(), strings()]).then(([screen, bundles]) => {
      for (const bundle of Object.values(bundles)) registerBundle(bundle);
      return screen;
    }),
  );
}
