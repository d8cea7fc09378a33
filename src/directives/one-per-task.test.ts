// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { appendOnePerTask } from './one-per-task.ts';

const links = (...hrefs: string[]) =>
  hrefs.map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
const inHead = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('appendOnePerTask (decision 673)', () => {
  test('each node goes into the head in a task of its own, in order, and then the callback runs', () => {
    vi.useFakeTimers();
    const then = vi.fn();
    appendOnePerTask(links('/a.js', '/b.js', '/c.js'), then);
    // the first at once, in the caller's task; each other one a task later
    expect(inHead()).toEqual(['/a.js']);
    vi.advanceTimersToNextTimer();
    expect(inHead()).toEqual(['/a.js', '/b.js']);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.js']);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(then).toHaveBeenCalledTimes(1);
  });

  test('with nothing to append the callback runs at once', () => {
    const then = vi.fn();
    appendOnePerTask([], then);
    expect(then).toHaveBeenCalledTimes(1);
    expect(inHead()).toEqual([]);
  });
});
