/**
 * A gate a test holds work at: `wait()` parks each caller until `release()`; `reached` resolves
 * as soon as the first caller is parked, so the test knows the work is held right there.
 */
export interface Latch {
  reached: Promise<void>;
  wait(): Promise<void>;
  release(): void;
}

export function createLatch(): Latch {
  let arrive = () => {};
  let open = () => {};
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    reached,
    wait: () => {
      arrive();
      return opened;
    },
    release: () => open(),
  };
}
