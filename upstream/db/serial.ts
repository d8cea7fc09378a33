// Writes without a precondition are serialised per resource, never refused for racing
// (ARCHITECTURE.md "Sessions and trust"; issue 7 §4). Within one isolate the writes to one key
// run one after the other; across isolates the version guard of each write (writeBasket) still
// decides, and the loser re-applies its change (docs/decisions/100-page-inputs-cart-writes-retention.md).

const tails = new Map<string, Promise<void>>();

/** How long a write waits for the one before it: a holder that never finishes does not block the key. */
const SERIAL_WAIT_MS = 5_000;

/**
 * Runs `fn` after every earlier call with the same key has finished (or waited SERIAL_WAIT_MS).
 * `await serialised('basket:42', () => write())`
 */
export async function serialised<T>(key: string, fn: () => Promise<T>, waitMs = SERIAL_WAIT_MS): Promise<T> {
  const previous = tails.get(key);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  tails.set(key, mine);
  try {
    if (previous) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([previous, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
    return await fn();
  } finally {
    release();
    if (tails.get(key) === mine) tails.delete(key);
  }
}

/** How many keys have a write under way or waiting (for tests: the map never keeps finished keys). */
export function serialisedKeys(): number {
  return tails.size;
}
