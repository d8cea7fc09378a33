// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import personalDirective from './personal.ts';

// decision 681: a signed-in shopper's personal islands (the header's count, the pinned cart) hydrate
// when the page is next idle after the personal answer, not in that answer's task: a press that
// came with it is handled first.

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { __hmPersonal?: boolean }).__hmPersonal;
});

/** An island's load as Astro gives it, recording its steps. */
function island() {
  const steps: string[] = [];
  const load = vi.fn(async () => {
    steps.push('loaded');
    return async () => void steps.push('hydrated');
  });
  return { steps, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the personal directive', () => {
  test('waits for the personal answer, then for the page to be idle, before it loads the island', async () => {
    const idle: Array<() => void> = [];
    const options: unknown[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, given: unknown) => {
      idle.push(run);
      options.push(given);
      return idle.length;
    });
    const { steps, load } = island();
    personalDirective(load);
    await settle();
    expect(load).not.toHaveBeenCalled();
    globalThis.dispatchEvent(new Event('hm:personal'));
    await settle();
    // the answer's task ends without the island's scripts: they wait for an idle moment (or 1 s)
    expect(load).not.toHaveBeenCalled();
    expect(options).toEqual([{ timeout: 1000 }]);
    idle[0]!();
    await settle();
    expect(steps).toEqual(['loaded', 'hydrated']);
  });

  test('when the answer came before the island, it is still hydrated when idle; without idle callbacks at once', async () => {
    (globalThis as { __hmPersonal?: boolean }).__hmPersonal = true;
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const first = island();
    personalDirective(first.load);
    expect(first.load).not.toHaveBeenCalled();
    idle[0]!();
    await settle();
    expect(first.steps).toEqual(['loaded', 'hydrated']);

    vi.stubGlobal('requestIdleCallback', undefined);
    const second = island();
    personalDirective(second.load);
    await settle();
    expect(second.steps).toEqual(['loaded', 'hydrated']);
  });
});
