import { UNSAFE_createBrowserHistory, type Location, type To } from 'react-router';
import { ROUTER_BASE } from '../paths';

// The browser history the portal's router runs on (decision 109): React Router's own, with one addition, a leave
// guard. The portal uses the plain router, not the data router, whose loaders and actions it never used and whose
// code was a sixth of the first screen's JavaScript; the data router's useBlocker is replaced by this guard.

// Asked before every navigation: `from` and `to` are paths with their query, below the router's base. It answers
// true to let the navigation pass, or a promise of the member's choice (true: go on).
export type LeaveGuard = (from: string, to: string) => true | Promise<boolean>;

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

export function guardedHistory(base: string, inner: History = UNSAFE_createBrowserHistory({ v5Compat: true })) {
  const guards = new Set<LeaveGuard>();
  const below = (l: Pick<Location, 'pathname' | 'search'>) =>
    (l.pathname.startsWith(base) ? l.pathname.slice(base.length) || '/' : l.pathname) + l.search;

  // Where the router stands: the address has already left it when the back button is heard.
  let shown = below(inner.location);

  // Undefined: every guard lets it pass; otherwise the member's answer to the first guard that asks (only the
  // screen on view guards, so at most one asks).
  function check(to: string, from = below(inner.location)): Promise<boolean> | undefined {
    for (const g of guards) {
      const answer = g(from, to);
      if (answer !== true) return answer;
    }
    return undefined;
  }

  function guarded(to: To, go: () => void): void {
    const move = () => {
      go();
      shown = below(inner.location);
    };
    const answer = check(below(inner.encodeLocation(to)));
    if (!answer) return move();
    void answer.then((ok) => ok && move());
  }

  // The back and forward buttons have already moved the address when the guard hears of it: it is moved back
  // (that move is not reported), and forward again if the member chooses to leave (reported then).
  let swallow = 0;
  let letThrough = false;
  const listen: History['listen'] = (listener) => {
    shown = below(inner.location);
    return inner.listen((update: Update) => {
      if (swallow > 0) {
        swallow--;
        return;
      }
      const pass = () => {
        shown = below(update.location);
        listener(update);
      };
      if (letThrough || update.action !== 'POP' || update.delta == null) {
        letThrough = false;
        return pass();
      }
      const delta = update.delta;
      const answer = check(below(update.location), shown);
      if (!answer) return pass();
      swallow++;
      inner.go(-delta);
      void answer.then((ok) => {
        if (!ok) return;
        letThrough = true;
        inner.go(delta);
      });
    });
  };

  const history: History = {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    listen,
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => guarded(to, () => inner.push(to, state)),
    replace: (to, state) => guarded(to, () => inner.replace(to, state)),
    go: (n) => inner.go(n),
  };
  return {
    history,
    // Adds a guard; returns its removal.
    guard(g: LeaveGuard): () => void {
      guards.add(g);
      return () => void guards.delete(g);
    },
    // The current path with its query, below the base.
    path: () => below(inner.location),
  };
}

// The portal's history (app/router.tsx) and its guards (components/unsavedChanges.ts).
export const portalHistory = guardedHistory(ROUTER_BASE);
