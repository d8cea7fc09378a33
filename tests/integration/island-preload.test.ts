import { describe, expect, test } from 'vitest';
import {
  islandsAfterAdd,
  likelyNextIslands,
  prefetchesAfterLoad,
  withIslandPreloads,
} from '../../worker/island-preload.ts';

// Issue 22 §5: the chunks of a page's eager islands and module scripts are preloaded in one wave
// before </body>; islands that wait for the shopper are left alone (the JavaScript budgets).

const GRAPH = new Map<string, string[]>([
  ['/_astro/Cart.A1.js', ['/_astro/atoms.B2.js', '/_astro/react.C3.js']],
  ['/_astro/client.D4.js', ['/_astro/react.C3.js']],
  ['/_astro/Header.E5.js', ['/_astro/fetch.F6.js']],
  ['/_astro/AddToCart.G7.js', ['/_astro/stepper.H8.js']],
]);

const page = (body: string) =>
  new Response(
    `<!doctype html><html><head><script type="module" src="/_astro/Header.E5.js"></script></head><body>${body}</body></html>`,
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  );

/** The chunks a page prefetches once it has painted (inside its after-load template), in order. */
const afterLoad = (html: string) =>
  [...(/<template data-after-load>(.*?)<\/template>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map(
    (m) => m[1],
  );

/** The cart island's chunks in the order the page lists them: the renderer's closure, then the component's. */
const CART_CHUNKS = ['/_astro/client.D4.js', '/_astro/react.C3.js', '/_astro/Cart.A1.js', '/_astro/atoms.B2.js'];

/** A page with the cart's island (hydrating as `client` says) before its main content. */
const cartPage = (client: string) =>
  page(
    `<astro-island client="${client}" component-url="/_astro/Cart.A1.js" renderer-url="/_astro/client.D4.js"></astro-island><main>x</main>`,
  );

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

describe('withIslandPreloads', () => {
  test('an island that hydrates on load gets its component, renderer and their chunks preloaded, once each', async () => {
    const html = await withIslandPreloads(cartPage('load'), GRAPH).text();
    expect(preloads(html).sort()).toEqual([
      '/_astro/Cart.A1.js',
      '/_astro/atoms.B2.js',
      '/_astro/client.D4.js',
      '/_astro/fetch.F6.js',
      '/_astro/react.C3.js',
    ]);
    // each where it is first needed: the script's chunk after the script (not the script itself
    // again), the island's right before the island
    expect(html).toContain(
      'src="/_astro/Header.E5.js"></script><link rel="modulepreload" href="/_astro/fetch.F6.js"></head>',
    );
    expect(html.indexOf('href="/_astro/atoms.B2.js"')).toBeLessThan(html.indexOf('<astro-island'));
  });

  test('an eager island inside another island gets its chunks before </body>, not inside the outer island', async () => {
    const html = await withIslandPreloads(
      page(
        '<astro-island client="interaction" component-url="/_astro/AddToCart.G7.js" renderer-url="/_astro/client.D4.js"><div><astro-island client="load" component-url="/_astro/Cart.A1.js" renderer-url="/_astro/client.D4.js"></astro-island></div></astro-island><main>x</main>',
      ),
      GRAPH,
    ).text();
    const outer = html.slice(html.indexOf('<astro-island'), html.lastIndexOf('</astro-island>'));
    expect(outer).not.toContain('modulepreload');
    expect(html).toMatch(/<main>x<\/main>(<link rel="modulepreload" href="[^"]+">){4}<\/body>/);
  });

  test('islands that wait for the shopper (interaction, focus, visible, personal) are not preloaded', async () => {
    const html = await withIslandPreloads(
      page(
        ['interaction', 'focus', 'visible', 'personal']
          .map(
            (client) =>
              `<astro-island client="${client}" component-url="/_astro/AddToCart.G7.js" renderer-url="/_astro/client.D4.js"></astro-island>`,
          )
          .join(''),
      ),
      GRAPH,
    ).text();
    expect(preloads(html)).toEqual(['/_astro/fetch.F6.js']);
  });

  test('a URL that is not one of the build chunks is never written into the page', async () => {
    const html = await withIslandPreloads(
      page(
        '<astro-island client="load" component-url="/_astro/x.js&quot;><script>" renderer-url="https://evil.example/a.js"></astro-island>',
      ),
      GRAPH,
    ).text();
    expect(preloads(html)).toEqual(['/_astro/fetch.F6.js']);
  });

  test('the likely next page’s island chunks that this page has not loaded are prefetched at its end at high priority, not preloaded', async () => {
    const graph = new Map([
      ...GRAPH,
      ['module:src/islands/checkout/CheckoutPage.tsx', ['/_astro/Checkout.J9.js']],
      ['/_astro/Checkout.J9.js', ['/_astro/react.C3.js', '/_astro/display.K1.js']],
    ]);
    const html = await withIslandPreloads(cartPage('load'), graph, [
      'src/islands/checkout/CheckoutPage.tsx',
      'src/islands/unknown/Nothing.tsx',
    ]).text();
    const prefetched = [...html.matchAll(/<link rel="prefetch" fetchpriority="high" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    // react.C3.js is this page's already
    expect(prefetched).toEqual(['/_astro/Checkout.J9.js', '/_astro/display.K1.js']);
    expect(html).toMatch(/<link rel="prefetch" fetchpriority="high" href="\/_astro\/display\.K1\.js"><\/body>/);
    expect(html.match(/<link rel="prefetch"/g)).toHaveLength(2);
    expect(preloads(html)).not.toContain('/_astro/Checkout.J9.js');
  });

  test('a page that asks for it gets the next page’s prefetches in a template, which client:press moves in after its first paint (decision 656)', async () => {
    const graph = new Map([
      ...GRAPH,
      ['module:src/islands/checkout/CheckoutPage.tsx', ['/_astro/Checkout.J9.js']],
      ['/_astro/Checkout.J9.js', ['/_astro/react.C3.js']],
    ]);
    const html = await withIslandPreloads(
      cartPage('press'),
      graph,
      ['src/islands/checkout/CheckoutPage.tsx'],
      true,
    ).text();
    // a press island loads nothing with the page: its chunks are not preloaded (the page's own module
    // script's are); its own and the checkout's (React with them) wait in the template, once each
    expect(preloads(html)).toEqual(['/_astro/fetch.F6.js']);
    expect(afterLoad(html)).toEqual([...CART_CHUNKS, '/_astro/Checkout.J9.js']);
    expect(html).toMatch(/<\/template><\/body>/);
    expect(html.match(/<link rel="prefetch"/g)).toHaveLength(5);
    expect(prefetchesAfterLoad('/cart')).toBe(true);
    expect(prefetchesAfterLoad('/search')).toBe(false);
  });

  test('a page where the shopper adds holds the checkout’s own chunks for after the first add, in a template of their own (decision 659)', async () => {
    const graph = new Map([
      ...GRAPH,
      ['module:src/islands/cart/CartLines.tsx', ['/_astro/Cart.A1.js']],
      ['module:src/islands/checkout/CheckoutPage.tsx', ['/_astro/Checkout.J9.js']],
      ['/_astro/AddToCart.G7.js', ['/_astro/atoms.B2.js', '/_astro/stepper.H8.js']],
      ['/_astro/Checkout.J9.js', ['/_astro/react.C3.js', '/_astro/atoms.B2.js', '/_astro/display.K1.js']],
    ]);
    const searchPage = page(
      '<astro-island client="interaction" component-url="/_astro/AddToCart.G7.js" renderer-url="/_astro/client.D4.js"></astro-island>',
    );
    const html = await withIslandPreloads(
      searchPage,
      graph,
      likelyNextIslands('/search'),
      prefetchesAfterLoad('/search'),
      islandsAfterAdd('/search'),
    ).text();
    const afterAdd = [
      ...(/<template data-after-add>(.*?)<\/template>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]+)"/g),
    ].map((m) => m[1]);
    // of the cart's chunks, those the add button's island needs too (React and the atoms) are
    // prefetched with the page, not the cart's own (it hydrates on a press, decision 664); the
    // checkout's own wait for the first add
    expect(afterAdd).toEqual(['/_astro/Checkout.J9.js', '/_astro/display.K1.js']);
    expect(html.replace(/<template data-after-add>.*<\/template>/, '')).not.toMatch(/Checkout\.J9|display\.K1/);
    const prefetched = [...html.matchAll(/<link rel="prefetch" fetchpriority="high" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(prefetched.filter((url) => !afterAdd.includes(url))).toEqual(['/_astro/atoms.B2.js', '/_astro/react.C3.js']);
    expect(html).not.toMatch(/Cart\.A1/);
    expect(islandsAfterAdd('/p/0010013000010')).toEqual(['src/islands/checkout/CheckoutPage.tsx']);
    expect(islandsAfterAdd('/cart')).toEqual([]);
    expect(islandsAfterAdd('/recipes')).toEqual([]);
  });

  // decision 688 (reverses 683): React and the header's chunks prefetched by the sign-in form cost
  // that page, which runs no script, its Lighthouse 100 (96-100 a run against 100 in every run without)
  test('where a shopper signs in, nothing is fetched ahead: the form page stays without script and prefetch', async () => {
    for (const path of ['/signin', '/account/create', '/account/profile']) {
      expect(likelyNextIslands(path)).toEqual([]);
      expect(islandsAfterAdd(path)).toEqual([]);
    }
    const html = await withIslandPreloads(
      page('<main><form method="post"></form></main>'),
      GRAPH,
      likelyNextIslands('/signin'),
      prefetchesAfterLoad('/signin'),
      islandsAfterAdd('/signin'),
    ).text();
    expect(html).not.toContain('rel="prefetch"');
    expect(html).not.toContain('<template');
  });

  test("a press island's own chunks wait in the template for its first press, on any page (decision 657)", async () => {
    const html = await withIslandPreloads(cartPage('press'), GRAPH).text();
    expect(preloads(html)).toEqual(['/_astro/fetch.F6.js']);
    expect(afterLoad(html)).toEqual(CART_CHUNKS);
    // nothing outside the template: the page's first paint shares the connection with none of them
    expect(html.replace(/<template data-after-load>.*<\/template>/, '')).not.toMatch(/rel="prefetch"/);
  });

  test('a paint island’s chunks are modulepreload links in an after-paint template at the page’s end, none before it (decision 669)', async () => {
    const html = await withIslandPreloads(cartPage('paint'), GRAPH).text();
    const template = /<template data-after-paint>(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(preloads(template)).toEqual(CART_CHUNKS);
    // outside the template only the page's module script's chunk: nothing of the island's is fetched
    // before the page has painted
    expect(preloads(html.replace(template, ''))).toEqual(['/_astro/fetch.F6.js']);
    expect(html).toMatch(/<main>x<\/main><template data-after-paint>.*<\/template><\/body>/);
    expect(afterLoad(html)).toEqual([]);
  });

  test('without a graph (no build, or not HTML) the answer is left as it is', async () => {
    const response = page('<astro-island client="load" component-url="/_astro/Cart.A1.js"></astro-island>');
    expect(withIslandPreloads(response, new Map())).toBe(response);
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(withIslandPreloads(json, GRAPH)).toBe(json);
  });
});
