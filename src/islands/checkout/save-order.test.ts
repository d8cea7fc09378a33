import { describe, expect, test } from 'vitest';
import { refreshAfterSaves, trackSave } from './save-order.ts';

/** A promise resolved from outside, as an answer that arrives when the test says. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('refreshAfterSaves', () => {
  test('a refresh begun while a save is on its way fetches only after the save is answered', async () => {
    const save = later<string>();
    const order: string[] = [];
    void trackSave(save.promise).then((view) => order.push(view));
    const refreshed = refreshAfterSaves(
      async () => {
        order.push('fetch');
        return 'refreshed view';
      },
      (view) => order.push(view),
    );
    await Promise.resolve();
    expect(order).toEqual([]);
    save.resolve('saved view');
    expect(await refreshed).toBe(true);
    expect(order).toEqual(['saved view', 'fetch', 'refreshed view']);
  });

  test('a save sent while the refresh is on its way wins: the older view is not applied', async () => {
    const fetched = later<string>();
    const applied: string[] = [];
    const refreshed = refreshAfterSaves(
      () => fetched.promise,
      (view) => applied.push(view),
    );
    await Promise.resolve();
    await Promise.resolve();
    await trackSave(Promise.resolve('slot held')).then((view) => applied.push(view));
    fetched.resolve('view without the slot');
    expect(await refreshed).toBe(false);
    expect(applied).toEqual(['slot held']);
  });
});
