import { afterEach, describe, expect, test, vi } from 'vitest';
import type { UpstreamClient } from '../http/upstream-client.ts';
import { cardArtwork, inlineArtwork } from './card-artwork.ts';

// The drawing as the reference upstream makes it (upstream/db/catalog-images.ts); every seeded
// product's own drawing is checked in tests/unit/card-artwork-seed.test.ts.
const HEAD =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="Harvest Select Whole Milk &#38; Cream">' +
  '<style>text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;text-anchor:middle}.b{font-weight:700}</style>' +
  '<defs><linearGradient id="s" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>' +
  '<linearGradient id="d" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient></defs>';
const BODY =
  '<rect width="240" height="240" fill="#f6f5f1"/><path d="M53 222Q45 222 45 212V101.7Z" fill="#f7f9fb" stroke="#c7d0d8" stroke-width="1.5"/>' +
  '<rect x="45" y="90.4" width="150" height="127.8" rx="10" fill="url(#s)"/><g fill="#000" fill-opacity=".1"><circle cx="1" cy="2" r="3"/></g>' +
  '<ellipse cx="120" cy="224" rx="100" ry="8" fill="#000" transform="rotate(-12 120 224)"/>' +
  '<text x="126" y="121.3" font-size="13" fill="#ffffff" class="b"><tspan x="126" dy="0">Harvest &#38; Co</tspan></text>';
const DRAWING = `${HEAD}${BODY}</svg>`;
const drawn = (body: string) => `${HEAD}${body}</svg>`;

describe('inlineArtwork', () => {
  test('takes the upstream drawing: no style element, no namespace, ids to be made the card’s own', () => {
    const inline = inlineArtwork(DRAWING);
    expect(inline).not.toBeNull();
    expect(inline).toMatch(
      /^<svg viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="Harvest Select Whole Milk &#38; Cream">/,
    );
    expect(inline).not.toContain('<style');
    expect(inline).not.toContain('xmlns');
    expect(inline).toContain('<linearGradient id="\u0000s"');
    expect(inline).toContain('<linearGradient id="\u0000d"');
    expect(inline).toContain('fill="url(#\u0000s)"');
    expect(inline).toContain('<tspan x="126" dy="0">Harvest &#38; Co</tspan>');
    expect(inline?.endsWith('</svg>')).toBe(true);
  });

  test.each([
    ['a script', '<script>alert(1)</script>'],
    ['an event handler', '<rect width="1" height="1" onclick="alert(1)"/>'],
    ['a link', '<a href="https://evil.example"><rect width="1" height="1"/></a>'],
    ['a use of another document', '<use href="https://evil.example/x.svg#a"/>'],
    ['a foreign object', '<foreignObject><p>hi</p></foreignObject>'],
    ['an image', '<image href="https://evil.example/x.png"/>'],
    ['a style attribute', '<rect width="1" height="1" style="fill:red"/>'],
    ['a paint from elsewhere', '<rect width="1" height="1" fill="url(https://evil.example/#a)"/>'],
    ['a gradient it does not define', '<rect width="1" height="1" fill="url(#x)"/>'],
    ['an attribute value that breaks out', '<rect width="1&quot; onload=&quot;x" height="1"/>'],
    ['an unclosed element', '<g fill="#000"><rect width="1" height="1"/>'],
    ['a stray closing tag', '</g><rect width="1" height="1"/>'],
    ['a raw angle bracket in text', '<text x="1" y="1">a > b</text>'],
    ['a bare ampersand', '<text x="1" y="1">a & b</text>'],
    ['a comment', '<!-- x --><rect width="1" height="1"/>'],
    ['an unquoted attribute', '<rect width=1 height="1"/>'],
    ['a class of its own', '<rect width="1" height="1" class="x"/>'],
  ])('refuses %s, so the card keeps its <img>', (_what, body) => {
    expect(inlineArtwork(drawn(body))).toBeNull();
  });

  test('refuses a drawing that is not the artwork it knows: another header, style or gradients', () => {
    expect(inlineArtwork(DRAWING.replace('viewBox="0 0 240 240"', 'viewBox="0 0 100 100"'))).toBeNull();
    expect(inlineArtwork(DRAWING.replace('.b{font-weight:700}', '.b{font-weight:700}text{fill:red}'))).toBeNull();
    expect(inlineArtwork(DRAWING.replace('stop-opacity=".35"', 'stop-opacity=".5"'))).toBeNull();
    expect(inlineArtwork(DRAWING.replace('aria-label="Harvest', 'aria-label="<b>Harvest'))).toBeNull();
    expect(inlineArtwork(`${DRAWING} `)).toBeNull();
    expect(inlineArtwork('<svg></svg>')).toBeNull();
    expect(inlineArtwork('')).toBeNull();
  });
});

const GTIN_A = '/atlas/v1/product/images/0010000000016.svg';

function upstreamAnswering(answer: (path: string) => Response | Promise<Response>) {
  const asked: string[] = [];
  const upstream = {
    raw: vi.fn(async ({ path }: { path: string }) => {
      asked.push(path);
      return answer(path);
    }),
    json: vi.fn(),
  } as unknown as UpstreamClient;
  return { upstream, asked };
}
const svgResponse = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
// every test its own image paths: the module keeps checked drawings for the isolate's life
let serial = 100;
const freshPath = () => `/atlas/v1/product/images/${String(++serial).padStart(13, '9')}.svg`;

describe('cardArtwork', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('draws the upstream artwork with ids no other card on the page has', async () => {
    const path = freshPath();
    const { upstream, asked } = upstreamAnswering(() => svgResponse(DRAWING));
    const render = { upstream, productImageTemplate: null };
    const [one, two] = await Promise.all([cardArtwork(render, path), cardArtwork(render, path)]);
    expect(asked).toEqual([path]); // a product shown twice is fetched once
    const ids = (markup: string | null) => [...(markup ?? '').matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(one)).toHaveLength(2);
    expect(ids(two)).toHaveLength(2);
    expect(new Set([...ids(one), ...ids(two)]).size).toBe(4);
    expect(one).toContain(`fill="url(#${ids(one)[0]})"`);
    expect(one).not.toContain('\u0000');
    // a later render takes the checked drawing without asking again
    const later = await cardArtwork({ upstream, productImageTemplate: null }, path);
    expect(later).not.toBeNull();
    expect(asked).toEqual([path]);
  });

  test('a decorative picture, beside the product’s name, is hidden from assistive technology', async () => {
    const { upstream } = upstreamAnswering(() => svgResponse(DRAWING));
    const markup = await cardArtwork({ upstream }, freshPath(), { decorative: true });
    expect(markup).toMatch(
      /^<svg viewBox="0 0 240 240" width="240" height="240" aria-hidden="true" focusable="false">/,
    );
    expect(markup).not.toContain('aria-label');
    expect(markup).not.toContain('role=');
  });

  test('a picture drawn too small to read leaves its lettering out, and keeps every shape (decision 677)', async () => {
    const { upstream } = upstreamAnswering(() => svgResponse(DRAWING));
    const path = freshPath();
    const whole = await cardArtwork({ upstream }, path, { decorative: true });
    const thumbnail = await cardArtwork({ upstream }, path, { decorative: true, lettering: false });
    expect(whole).toContain('<text x="126" y="121.3"');
    expect(thumbnail).not.toContain('<text');
    expect(thumbnail).not.toContain('tspan');
    expect(thumbnail).not.toContain('Harvest &#38; Co');
    // the same drawing otherwise: its shapes, with ids of its own
    const shapes = (markup: string | null) =>
      (markup ?? '').replace(/<text\b.*?<\/text>/g, '').replace(/art[0-9a-z]+-/g, 'ID-');
    expect(shapes(thumbnail)).toBe(shapes(whole));
    expect(thumbnail).toMatch(/<ellipse cx="120" cy="224"[^>]*\/><\/svg>$/);
  });

  test('keeps the <img> for a configured image service and for pictures outside the contract', async () => {
    const { upstream, asked } = upstreamAnswering(() => svgResponse(DRAWING));
    expect(await cardArtwork({ upstream, productImageTemplate: 'https://img.example/{gtin13}' }, GTIN_A)).toBeNull();
    expect(await cardArtwork({ upstream }, 'https://img.example/0010000000016.svg')).toBeNull();
    expect(await cardArtwork({ upstream }, '/atlas/v1/product/images/../x.svg')).toBeNull();
    expect(asked).toEqual([]);
  });

  test('keeps the <img> when the upstream fails, and asks again on a later render', async () => {
    const path = freshPath();
    let fail = true;
    const { upstream, asked } = upstreamAnswering(() =>
      fail ? new Response('boom', { status: 503 }) : svgResponse(DRAWING),
    );
    expect(await cardArtwork({ upstream }, path)).toBeNull();
    fail = false;
    expect(await cardArtwork({ upstream }, path)).not.toBeNull();
    expect(asked).toEqual([path, path]);
  });

  test('keeps the <img> for a drawing it does not know, and does not ask for it again', async () => {
    const path = freshPath();
    const { upstream, asked } = upstreamAnswering(() => svgResponse(drawn('<script>alert(1)</script>')));
    expect(await cardArtwork({ upstream }, path)).toBeNull();
    expect(await cardArtwork({ upstream }, path)).toBeNull();
    expect(asked).toEqual([path]);
    const { upstream: json } = upstreamAnswering(
      () => new Response(DRAWING, { headers: { 'content-type': 'text/html' } }),
    );
    expect(await cardArtwork({ upstream: json }, freshPath())).toBeNull();
  });

  test('keeps the <img> when the upstream is slow, without holding the page', async () => {
    vi.useFakeTimers();
    const path = freshPath();
    const { upstream } = upstreamAnswering(() => new Promise<Response>(() => {}));
    const pending = cardArtwork({ upstream }, path);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toBeNull();
  });

  test('one render starts at most 40 fetches; its other cards keep their <img>', async () => {
    const { upstream, asked } = upstreamAnswering(() => svgResponse(DRAWING));
    const render = { upstream };
    const paths = Array.from({ length: 45 }, freshPath);
    const drawings = await Promise.all(paths.map((path) => cardArtwork(render, path)));
    expect(asked).toHaveLength(40);
    expect(drawings.filter((markup) => markup !== null)).toHaveLength(40);
    // the next render draws the rest
    expect(await cardArtwork({ upstream }, paths[44] as string)).not.toBeNull();
  });
});
