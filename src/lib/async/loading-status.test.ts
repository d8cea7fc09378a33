import { describe, expect, test } from 'vitest';
import { nextLoadingStatus, type LoadingEvent, type LoadingStatus } from './loading-status.ts';

const run = (events: LoadingEvent[], from: LoadingStatus = 'notLoaded') =>
  events.reduce<LoadingStatus[]>((seen, event) => [...seen, nextLoadingStatus(seen.at(-1)!, event)], [from]);

describe('the loading status of the lists and the cart (shopping §4 Async calls)', () => {
  test('notLoaded, loading, loaded; a load that failed is retried, then loaded', () => {
    expect(run(['request', 'success'])).toEqual(['notLoaded', 'loading', 'loaded']);
    expect(run(['request', 'failure', 'request', 'failure', 'request', 'success'])).toEqual([
      'notLoaded',
      'loading',
      'error',
      'retry',
      'error',
      'retry',
      'loaded',
    ]);
  });

  test('a request while loading, retrying or loaded is skipped', () => {
    for (const status of ['loading', 'retry', 'loaded'] as const)
      expect(nextLoadingStatus(status, 'request')).toBe(status);
  });
});
