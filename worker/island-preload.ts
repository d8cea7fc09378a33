import { ISLAND_GRAPH_FILE, moduleKey } from '../src/directives/island-graph.ts';

// Islands and page scripts load their chunks in waves, one round trip each (the component, the
// chunks it imports, theirs...). The build wrote every chunk's static imports at any depth
// (src/directives/island-graph.ts); here the page gets one `<link rel="modulepreload">` per chunk
// its eager scripts need, where the page first needs it, so the browser fetches them in one wave
// (issue 22 §5).
// Only what the page loads anyway is preloaded: islands that hydrate on load or idle and module
// scripts. Islands that wait for a shopper (client:interaction, client:focus, client:visible,
// client:personal) stay unloaded until then, as the JavaScript budgets want.

export type IslandGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The page a shopper most likely opens next, by the islands it hydrates (source modules, as the
 * build names them in the graph): their chunks are prefetched at the end of this page, at high
 * priority (decision 615) and not run, so the next page's islands need no round trip of their own on a
 * slow phone (issue 22 §5: the cart's and the checkout's island chunks were a wave of ~0.6 s
 * after their documents). Chunks are immutable (hashed): a prefetched one never goes stale, and
 * the browser keeps it for every later page.
 */
const CART_ISLANDS = ['src/islands/cart/CartLines.tsx'];
const CHECKOUT_ISLANDS = ['src/islands/checkout/CheckoutPage.tsx'];
/**
 * Next pages' islands that hydrate on the shopper's first press there (client:press, decision 656):
 * that page fetches their chunks itself once it has painted. Ahead of it only the chunks that this
 * page's own islands need too are fetched (React, the atoms): the add button's island needs them on
 * the first add. The cart's own chunks (its lines' island, the fees) took the sixth connection of
 * HTTP/1.1 while the shopper added, and the add's POST waited 0.2-0.37 s for one (decision 664).
 */
const PRESS_HYDRATED = new Set(CART_ISLANDS);

/** The islands of the page a shopper most likely opens after `pathname` (docs/decisions/601). */
export function likelyNextIslands(pathname: string): readonly string[] {
  // Not where a shopper signs in: prefetched there, React and the header's chunks cost the form
  // page its Lighthouse 100 (decision 688, which reverses 683)
  if (pathname === '/cart') return CHECKOUT_ISLANDS;
  // where a shopper adds to the cart, the cart comes next
  if (pathname === '/search' || pathname.startsWith('/p/')) return CART_ISLANDS;
  return [];
}

/**
 * The islands of the page after the likely next one, fetched once the shopper is on their way
 * there: where they add to the cart, the checkout's chunks (those the cart's did not bring: its own),
 * prefetched when the first add is sent (inside `<template data-after-add>`, which
 * src/directives/interaction.ts moves into the page then, behind the add's POST and its island's
 * scripts). The cart prefetches them too, once it has painted; a shopper who taps "Check out" within a
 * second of the cart's arrival found that prefetch aborted by the navigation, and the checkout's
 * island a round trip late (0.6 s on a slow phone, docs/decisions/659). So did one who opened the
 * cart within half a second of the add's answer, when they were fetched then (decision 676):
 * a navigation that commits cancels the prefetches still in flight.
 */
export function islandsAfterAdd(pathname: string): readonly string[] {
  return likelyNextIslands(pathname) === CART_ISLANDS ? CHECKOUT_ISLANDS : [];
}

/**
 * Pages whose next-page prefetches wait for the load event (decision 656): the cart loads no island
 * JavaScript of its own (client:press), so its first paint and its settling are not shared with
 * the checkout's chunks; they come right after, while the shopper reads the cart.
 */
export function prefetchesAfterLoad(pathname: string): boolean {
  return pathname === '/cart';
}

/** Hydration directives whose islands load with the page. */
const EAGER_CLIENTS = new Set(['load', 'idle']);

let cached: Promise<IslandGraph> | null = null;

/** The build's graph, read once per isolate from the assets; empty when there is none (tests, dev). */
export function islandGraph(assets: Fetcher | undefined): Promise<IslandGraph> {
  cached ??= (async () => {
    try {
      const response = await assets?.fetch(new Request(`https://assets.internal/${ISLAND_GRAPH_FILE}`));
      if (!response?.ok) return new Map();
      const parsed = (await response.json()) as Record<string, unknown>;
      return new Map(
        Object.entries(parsed).flatMap(([chunk, imports]) =>
          Array.isArray(imports) ? [[chunk, imports.filter((i): i is string => typeof i === 'string')] as const] : [],
        ),
      );
    } catch {
      return new Map();
    }
  })();
  return cached;
}

/** Only the build's own chunk URLs go into the page (they come from the page itself and the graph). */
const CHUNK_URL = /^\/_astro\/[A-Za-z0-9._-]+\.js$/;

/**
 * The page with modulepreload links for the chunks of its eager islands and module scripts.
 * `withIslandPreloads(page, graph)`: a page holding `<astro-island client="load" component-url="/_astro/A.js" …>`
 * whose A.js imports B.js gets `<link rel="modulepreload" href="/_astro/A.js"><link … href="/_astro/B.js">` (and the
 * renderer's) right before that island. `nextIslands`' chunks are prefetched at the page's end;
 * with `afterLoad`, inside `<template data-after-load>` for client:press to move in after the
 * page's first paint (decision 656), where the chunks of the page's own press islands always wait
 * (decision 657); `afterAdd`'s inside `<template data-after-add>`, for the first add to move in.
 * A client:paint island's chunks are modulepreload links inside `<template data-after-paint>`, for
 * its directive to move in once the page has painted (decision 669).
 */
export function withIslandPreloads(
  response: Response,
  graph: IslandGraph,
  nextIslands: readonly string[] = [],
  afterLoad = false,
  afterAdd: readonly string[] = [],
): Response {
  if (graph.size === 0 || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  // a chunk is preloaded once, as early as possible: after the module script that needs it, right
  // before a top-level island (never inside one: React hydrates what is there), else before </body>
  const done = new Set<string>();
  const pending = new Set<string>();
  // a press island's chunks: fetched (not run) once the page has painted, for its first press
  const pressed = new Set<string>();
  // a paint island's chunks: preloaded in one wave once the page has painted (decision 669)
  const painted = new Set<string>();
  // every chunk of this page's islands, however they hydrate (PRESS_HYDRATED)
  const onPage = new Set<string>();
  const sharedOnly = nextIslands.length > 0 && nextIslands.every((module) => PRESS_HYDRATED.has(module));
  const closure = (url: string | null) =>
    url && CHUNK_URL.test(url) ? [url, ...(graph.get(url) ?? []).filter((dep) => CHUNK_URL.test(dep))] : [];
  const links = (urls: Iterable<string>) => {
    let html = '';
    for (const url of urls) {
      if (done.has(url)) continue;
      done.add(url);
      pending.delete(url);
      html += `<link rel="modulepreload" href="${url}">`;
    }
    return html;
  };
  let depth = 0;
  return new HTMLRewriter()
    .on('script[type="module"][src]', {
      element(script) {
        const [src, ...deps] = closure(script.getAttribute('src'));
        if (!src) return;
        done.add(src); // the script tag fetches itself
        const html = links(deps);
        if (html) script.after(html, { html: true });
      },
    })
    .on('astro-island', {
      element(island) {
        const client = island.getAttribute('client') ?? '';
        const own = [...closure(island.getAttribute('renderer-url')), ...closure(island.getAttribute('component-url'))];
        const urls = EAGER_CLIENTS.has(client) ? own : [];
        if (client === 'press') for (const url of own) pressed.add(url);
        if (client === 'paint') for (const url of own) painted.add(url);
        for (const url of own) onPage.add(url);
        if (depth === 0) {
          const html = links(urls);
          if (html) island.before(html, { html: true });
        } else for (const url of urls) if (!done.has(url)) pending.add(url);
        depth += 1;
        island.onEndTag(() => {
          depth -= 1;
        });
      },
    })
    .on('body', {
      element(body) {
        body.onEndTag((end) => {
          let html = links([...pending]);
          // src/directives/paint.ts moves these in once the page has painted
          const afterPaint = links(painted);
          if (afterPaint) html += `<template data-after-paint>${afterPaint}</template>`;
          // The likely next page's chunks that this page has not loaded: prefetched, not run. At
          // high priority: a prefetch is otherwise the browser's last request, and on a slow phone
          // with six connections it was still waiting behind the cards' images (and aborted) when
          // the shopper opened the cart a second after adding (decision 615).
          // After the load event, where the page asks (inside a template, which the browser does not
          // fetch; src/directives/press.ts moves them into the page then).
          // A press island's own chunks wait in the template too (decision 657): the first press
          // then finds them in the cache instead of loading them in waves, one round trip each.
          const chunksOf = (modules: readonly string[]) =>
            modules.flatMap((module) => (graph.get(moduleKey(module)) ?? []).flatMap(closure));
          const next = chunksOf(nextIslands).filter((url) => !sharedOnly || onPage.has(url));
          const prefetch = (urls: Iterable<string>) => {
            let tags = '';
            for (const url of urls)
              if (!done.has(url)) {
                done.add(url);
                tags += `<link rel="prefetch" fetchpriority="high" href="${url}">`;
              }
            return tags;
          };
          const later = prefetch(afterLoad ? [...pressed, ...next] : pressed);
          html += afterLoad ? '' : prefetch(next);
          if (later) html += `<template data-after-load>${later}</template>`;
          // the page after the next one's, once the shopper has added something (islandsAfterAdd)
          const added = prefetch(chunksOf(afterAdd));
          if (added) html += `<template data-after-add>${added}</template>`;
          if (html) end.before(html, { html: true });
        });
      },
    })
    .transform(response);
}
