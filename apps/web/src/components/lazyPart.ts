import { createElement, use, type ComponentType } from 'react';

export type LazyPart<P extends object = object> = ComponentType<P> & { preload: () => void };

// The loads that failed, each with what makes its part ask again (forgetFailedLoads).
const failed = new Set<() => void>();

// "Try again" after a part's code did not arrive (components/ScreenFailed.tsx): every failed part asks for it again
// at its next render. Until then a failed load stays failed, so the render sees the failure and shows it instead of
// asking again and again behind its spinner.
export function forgetFailedLoads(): void {
  for (const forget of failed) forget();
  failed.clear();
}

// A component whose code loads on first render (or on preload()), inside a Suspense. Unlike React.lazy, which keeps
// a failed load for good, a part whose chunk did not arrive throws to the nearest error boundary and loads again
// after forgetFailedLoads(). The component reads its load's one promise with React's `use`.
export function lazyPart<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // Whether a render waits on the current load (its failure is then shown, and kept until "Try again").
  let shown = false;
  const forget = () => {
    loading = undefined;
    shown = false;
  };
  const start = () =>
    (loading ??= load().catch((err: unknown) => {
      failed.add(forget);
      throw err;
    }));
  function Lazy(props: P) {
    const pending = start();
    shown = true;
    return createElement(use(pending).default, props);
  }
  // A preload that fails while nothing shows the part is forgotten at once: its first render asks again.
  const preload = () =>
    void start().catch(() => {
      if (shown) return;
      failed.delete(forget);
      forget();
    });
  return Object.assign(Lazy, { preload });
}
