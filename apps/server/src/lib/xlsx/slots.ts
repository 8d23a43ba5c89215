// At most `max` holders at once; the others wait in the order they asked. `acquire` answers the release, to be called
// once (a second call does nothing). `running` and `waiting` say how many hold a slot and how many wait for one.
export type Slots = { acquire(): Promise<() => void>; readonly running: number; readonly waiting: number };

export function createSlots(max: number): Slots {
  let running = 0;
  const queue: (() => void)[] = [];
  const releaser = () => {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      // The slot passes straight to the first in line, so no later caller can take it in between.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    };
  };
  return {
    acquire() {
      if (running < max) {
        running += 1;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve) => queue.push(() => resolve(releaser())));
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
