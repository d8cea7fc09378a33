import { afterEach, describe, expect, test, vi } from 'vitest';
import { FLASH_SALE_PREVIEW_HEADER } from '../../lib/checkout/contracts.ts';
import { claimFlashSales, modifyCheckout } from './api.ts';

// decision 680: a change saved while the page's flash-sale claim is on its way asks for the prices
// the claim will give, so its answer never shows the order without the offers the page shows.

afterEach(() => vi.unstubAllGlobals());

/** Every call the island makes, answered 503 unless it is the claim, which is held until `answer()`. */
function edge() {
  const sent: Array<{ path: string; preview: string | null }> = [];
  let answer: () => void = () => {};
  const claimAnswered = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://127.0.0.1').pathname;
    sent.push({ path, preview: new Headers(init?.headers).get(FLASH_SALE_PREVIEW_HEADER) });
    if (path.endsWith('/flash-sales')) {
      await claimAnswered;
      return Response.json({ data: { items: [], flashSales: {}, refetch: false } });
    }
    return Response.json(
      { errors: [{ code: 'UNAVAILABLE', reason: 'held in the test', rootCause: [] }] },
      { status: 503 },
    );
  });
  return { sent, answer: () => answer() };
}

describe('a change saved while the flash-sale claim is on its way', () => {
  test('asks for the prices the claim will give; once the claim is answered, for those held', async () => {
    const calls = edge();
    const claim = claimFlashSales(['0010013000294'], 'claim-key');
    await expect(modifyCheckout('3cc5a599-b0bf-4ca7-99f3-41a9259e9c88', { instructions: 'a' })).rejects.toThrow();
    calls.answer();
    await claim;
    await expect(modifyCheckout('3cc5a599-b0bf-4ca7-99f3-41a9259e9c88', { instructions: 'b' })).rejects.toThrow();
    const saves = calls.sent.filter((call) => call.path.includes('/checkouts/'));
    expect(saves.map((call) => call.preview)).toEqual(['claimable', null]);
    // the claim itself asks for nothing of the kind
    expect(calls.sent.find((call) => call.path.endsWith('/flash-sales'))?.preview).toBeNull();
  });

  test('a claim that fails ends the preview too', async () => {
    const calls = edge();
    calls.answer();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://127.0.0.1').pathname;
      calls.sent.push({ path, preview: new Headers(init?.headers).get(FLASH_SALE_PREVIEW_HEADER) });
      return new Response('no', { status: 500 });
    });
    await expect(claimFlashSales(['0010013000294'], 'claim-key-2')).rejects.toThrow();
    await expect(modifyCheckout('3cc5a599-b0bf-4ca7-99f3-41a9259e9c88', { instructions: 'c' })).rejects.toThrow();
    expect(calls.sent.filter((call) => call.path.includes('/checkouts/')).map((call) => call.preview)).toEqual([null]);
  });
});
