// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import paintDirective, { AFTER_PAINT_TEMPLATE } from './paint.ts';

/** The page's end as the edge writes it for a paint island (worker/island-preload.ts). */
function afterPaintTemplate() {
  const template = document.createElement('template');
  template.setAttribute('data-after-paint', '');
  template.innerHTML = '<link rel="modulepreload" href="/_astro/a.js"><link rel="modulepreload" href="/_astro/b.js">';
  document.body.appendChild(template);
}

const headPreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

/** Lets queued tasks run (the directive's own is a timer task queued from the frame). */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 20));

/** An island's load and hydrate, recording what the page held when each ran. */
function island() {
  const order: string[] = [];
  const hydrate = vi.fn(async () => {
    order.push('hydrate');
  });
  const load = vi.fn(async () => {
    order.push(`load with ${headPreloads().length} preloads`);
    return hydrate;
  });
  return { order, hydrate, load };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('client:paint', () => {
  test('nothing is fetched or run until the page’s first frame is drawn; then the chunks in one wave, then the island', async () => {
    afterPaintTemplate();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { order, load } = island();
    paintDirective(load);
    await tasks();
    // no frame yet: the links stay inert, the island unloaded
    expect(load).not.toHaveBeenCalled();
    expect(headPreloads()).toEqual([]);
    expect(document.querySelector(AFTER_PAINT_TEMPLATE)).not.toBeNull();

    frames.shift()?.(performance.now());
    // the frame's callback runs before the frame is drawn: still nothing
    expect(headPreloads()).toEqual([]);
    // the task queued from it asks for the first chunk alone (one per task: decision 673)
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(headPreloads()).toEqual(['/_astro/a.js']);
    expect(load).not.toHaveBeenCalled();
    await tasks();
    expect(headPreloads()).toEqual(['/_astro/a.js', '/_astro/b.js']);
    expect(document.querySelector(AFTER_PAINT_TEMPLATE)).toBeNull();
    expect(order).toEqual(['load with 2 preloads', 'hydrate']);
  });

  test('a page that is not shown (prerendered, a background tab) hydrates without waiting for a frame', async () => {
    afterPaintTemplate();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { hydrate, load } = island();
    paintDirective(load);
    expect(headPreloads()).toEqual(['/_astro/a.js']);
    await tasks();
    expect(headPreloads()).toEqual(['/_astro/a.js', '/_astro/b.js']);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();
  });
});
