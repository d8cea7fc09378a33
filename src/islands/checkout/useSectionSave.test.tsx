// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Checkout } from '../../lib/checkout/contracts.ts';
import { useSectionSave } from './useSectionSave.ts';

afterEach(() => vi.unstubAllGlobals());

// issue 22 §5: the page seeds checkoutAtom in an effect after the first paint; a time tapped
// before that was dropped. The save now works from the checkout the page was rendered with.
test('a save made before the page has seeded its checkout is still sent', async () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
  vi.stubGlobal('fetch', fetchMock);
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const initial = { id: 'c0ffee00-0000-4000-8000-000000000001' } as Checkout;
  const { result } = renderHook(() => useSectionSave('1-800-555-0142', initial), { wrapper });
  await act(async () => {
    await result.current.save('time', { slotId: 'slot-1' });
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toContain('/checkout/api/v1/checkouts/c0ffee00-0000-4000-8000-000000000001');
  expect(JSON.parse(String(init.body))).toEqual({ slotId: 'slot-1' });
});

test('without a checkout at all, nothing is sent', async () => {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  const { result } = renderHook(() => useSectionSave('1-800-555-0142'), {
    wrapper: ({ children }: { children: ReactNode }) => <Provider store={createStore()}>{children}</Provider>,
  });
  await act(async () => {
    expect(await result.current.save('time', { slotId: 'slot-1' })).toBe(false);
  });
  expect(fetchMock).not.toHaveBeenCalled();
});
