// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type * as NextPageModule from './next-page.ts';

// The likely next page's Speculation Rules (docs/decisions/604): offered on the next task, withdrawn
// at once by a write, offered anew only when the last write is answered.

type NextPage = typeof NextPageModule;

const rules = () => document.querySelectorAll('script[type="speculationrules"]');
const urls = () =>
  [...rules()].flatMap(
    (script) => (JSON.parse(script.textContent ?? '{}') as { prefetch: { urls: string[] }[] }).prefetch[0]?.urls ?? [],
  );
const nextTask = () => vi.advanceTimersByTimeAsync(1);

async function load(supports: boolean): Promise<NextPage> {
  vi.resetModules();
  Object.defineProperty(HTMLScriptElement, 'supports', {
    configurable: true,
    value: (type: string) => supports && type === 'speculationrules',
  });
  return import('./next-page.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

test('the next page is offered as a prefetch on the next task, once', async () => {
  const { prefetchNextPage } = await load(true);
  prefetchNextPage('/checkout');
  expect(rules()).toHaveLength(0);
  await nextTask();
  expect(urls()).toEqual(['/checkout']);
  expect(rules()[0]?.id).toBe('hm-next-page');
});

test('rules the page was rendered with are kept, not fetched a second time, until the first write', async () => {
  const { prefetchNextPage, nextPageWrite } = await load(true);
  const rendered = document.createElement('script');
  rendered.type = 'speculationrules';
  rendered.id = 'hm-next-page';
  rendered.textContent = '{"prefetch":[{"source":"list","urls":["/checkout"],"eagerness":"immediate"}]}';
  document.head.appendChild(rendered);
  prefetchNextPage('/checkout');
  await nextTask();
  expect([...rules()]).toEqual([rendered]);
  const done = nextPageWrite();
  expect(rules()).toHaveLength(0);
  done();
  await nextTask();
  expect(urls()).toEqual(['/checkout']);
  expect(rules()[0]).not.toBe(rendered);
});

test('the same rules written while an offer waited for its task are kept, not doubled', async () => {
  const { prefetchNextPage } = await load(true);
  prefetchNextPage('/cart');
  const written = document.createElement('script');
  written.type = 'speculationrules';
  written.id = 'hm-next-page';
  written.textContent = '{"prefetch":[{"source":"list","urls":["/cart"],"eagerness":"immediate"}]}';
  document.head.appendChild(written);
  await nextTask();
  expect([...rules()]).toEqual([written]);
});

test('a write withdraws the prefetch at once; the page is offered anew, a new rule set, when the last write is answered', async () => {
  const { prefetchNextPage, nextPageWrite } = await load(true);
  prefetchNextPage('/checkout');
  await nextTask();
  const first = rules()[0];
  const one = nextPageWrite();
  const two = nextPageWrite();
  expect(rules()).toHaveLength(0);
  one();
  await nextTask();
  expect(rules()).toHaveLength(0);
  two();
  two(); // a second call of the same end changes nothing
  expect(rules()).toHaveLength(0); // not in the same task: Chrome would keep the old prefetch
  await nextTask();
  expect(urls()).toEqual(['/checkout']);
  expect(rules()[0]).not.toBe(first);
});

test('a write through islandFetch withdraws the prefetch until it is answered; a read does not', async () => {
  const { prefetchNextPage } = await load(true);
  const { islandFetch } = await import('./fetch.ts');
  let answer: (response: Response) => void = () => undefined;
  vi.stubGlobal('fetch', (_path: string, init: RequestInit) =>
    init.method === 'POST'
      ? new Promise<Response>((resolve) => (answer = resolve))
      : Promise.resolve(new Response('{}')),
  );
  try {
    prefetchNextPage('/checkout');
    await nextTask();
    await islandFetch('/basket/api/basket/');
    expect(urls()).toEqual(['/checkout']);
    const written = islandFetch('/basket/api/v2/user/add-item', { method: 'POST' });
    expect(rules()).toHaveLength(0);
    answer(new Response('{}'));
    await written;
    await nextTask();
    expect(urls()).toEqual(['/checkout']);
  } finally {
    vi.unstubAllGlobals();
  }
});

test('a write under way when the page asks for the prefetch holds it until the write is answered', async () => {
  const { prefetchNextPage, nextPageWrite } = await load(true);
  const done = nextPageWrite();
  prefetchNextPage('/checkout');
  await nextTask();
  expect(rules()).toHaveLength(0);
  done();
  await nextTask();
  expect(urls()).toEqual(['/checkout']);
});

test('a page left open fetches it anew after two minutes', async () => {
  const { prefetchNextPage } = await load(true);
  prefetchNextPage('/checkout');
  await nextTask();
  const first = rules()[0];
  await vi.advanceTimersByTimeAsync(119_000);
  expect(rules()[0]).toBe(first);
  await vi.advanceTimersByTimeAsync(1_001);
  await nextTask();
  expect(urls()).toEqual(['/checkout']);
  expect(rules()[0]).not.toBe(first);
});

test('null withdraws it; a browser without Speculation Rules gets none', async () => {
  const withRules = await load(true);
  withRules.prefetchNextPage('/checkout');
  await nextTask();
  withRules.prefetchNextPage(null);
  expect(rules()).toHaveLength(0);
  const without = await load(false);
  without.prefetchNextPage('/checkout');
  await nextTask();
  expect(rules()).toHaveLength(0);
});
