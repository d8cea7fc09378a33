import { describe, expect, test } from 'vitest';
import { serialised, serialisedKeys } from './serial.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('serialised', () => {
  test('runs the calls of one key one at a time, in the order they came', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const call = (name: string) =>
      serialised('cart', async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        running -= 1;
        return name;
      });
    expect(await Promise.all(['a', 'b', 'c'].map(call))).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(serialisedKeys()).toBe(0);
  });

  test('lets different keys run side by side', async () => {
    let running = 0;
    let most = 0;
    const call = (key: string) =>
      serialised(key, async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
      });
    await Promise.all([call('x'), call('y')]);
    expect(most).toBe(2);
  });

  test('a failing call does not block the next one', async () => {
    const first = serialised('f', async () => {
      throw new Error('boom');
    });
    const second = serialised('f', async () => 'ok');
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe('ok');
  });

  test('a holder that never finishes blocks the key for at most the wait', async () => {
    void serialised('stuck', () => new Promise<never>(() => {}), 20);
    const started = Date.now();
    await expect(serialised('stuck', async () => 'through', 20)).resolves.toBe('through');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
