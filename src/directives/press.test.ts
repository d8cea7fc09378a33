// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import { DOCUMENT_FIRST_MS } from './after-load.ts';
import pressDirective, { FALLBACK_MS, HELD_ATTRIBUTE, HYDRATED_ATTRIBUTE, LEAVE_GUARD } from './press.ts';

/** A cart-like island: a stepper's submit button, a checkbox and a select, in plain forms. */
function island() {
  const el = document.createElement('astro-island');
  el.innerHTML = `
    <form method="post" action="/basket/api/v2/user/update-item"><button type="submit" name="quantity" value="2">+</button></form>
    <label><input type="checkbox"> Show my cart on every page</label>
    <form method="post" action="/basket/api/v2/user/update-item"><select name="substitutionPolicy">
      <option value="SHOPPER_CHOICE" selected>Best match</option><option value="NONE">Don't substitute</option>
    </select></form>
    <a href="/p/milk/0010013000010">Milk</a>`;
  document.body.appendChild(el);
  return el;
}

/**
 * What a press island does when it hydrates, as far as the directive can tell: a while after
 * Astro's hydrate() resolves, it marks itself hydrated (useHydrated), and from then on its handlers
 * see the events. Records what the "island" saw.
 */
function fakeReact(el: HTMLElement) {
  const seen: string[] = [];
  let release: () => void = () => {};
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        release = () => {
          resolve();
          setTimeout(() => {
            el.firstElementChild?.setAttribute(HYDRATED_ATTRIBUTE, '');
            el.addEventListener('click', (event) => {
              const target = event.target as HTMLElement;
              if (target instanceof HTMLInputElement) seen.push(`checkbox ${target.checked}`);
              else if (target instanceof HTMLButtonElement) seen.push(`button ${target.value}`);
            });
            el.addEventListener('change', (event) => {
              const target = event.target as HTMLElement;
              if (target instanceof HTMLSelectElement) seen.push(`select ${target.value}`);
            });
            el.addEventListener('submit', (event) => event.preventDefault());
          }, 20);
        };
      }),
  );
  return { hydrate, seen, release: () => release() };
}

const click = (node: Element | null) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  node?.dispatchEvent(event);
  return event;
};

describe('client:press', () => {
  test('no island loads before a press; a press in one starts every press island of the page', async () => {
    const cart = island();
    const count = island();
    const loadCart = vi.fn(async () => async () => {});
    const loadCount = vi.fn(async () => async () => {});
    pressDirective(loadCart, {}, cart);
    pressDirective(loadCount, {}, count);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(loadCart).not.toHaveBeenCalled();
    cart.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(loadCart).toHaveBeenCalledTimes(1);
    expect(loadCount).toHaveBeenCalledTimes(1);
    cart.remove();
    count.remove();
  });

  test("a button pressed before the island is ready is held, shown busy, and clicked again for the island's handler", async () => {
    const el = island();
    const { hydrate, seen, release } = fakeReact(el);
    pressDirective(async () => hydrate, {}, el);
    const button = el.querySelector('button');
    button?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const early = click(button);
    // no plain post, and the island does not see it yet
    expect(early.defaultPrevented).toBe(true);
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(seen).toEqual(['button 2']));
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    // from now on presses go straight to the island
    click(button);
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    expect(seen).toEqual(['button 2', 'button 2']);
    el.remove();
  });

  test('a checkbox ticked before the island is ready is ticked by the island once it is, as the shopper ticked it', async () => {
    const el = island();
    const { hydrate, seen, release } = fakeReact(el);
    pressDirective(async () => hydrate, {}, el);
    const box = el.querySelector('input') as HTMLInputElement;
    box.click();
    // nothing changes behind the island's back: the island shows busy until it takes the tick
    expect(box.checked).toBe(false);
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(seen).toEqual(['checkbox true']));
    expect(box.checked).toBe(true);
    el.remove();
  });

  test('two presses before the island is ready are two clicks for it, in order', async () => {
    const el = island();
    const { hydrate, seen, release } = fakeReact(el);
    pressDirective(async () => hydrate, {}, el);
    const box = el.querySelector('input') as HTMLInputElement;
    const more = el.querySelector('button') as HTMLButtonElement;
    click(more);
    box.click();
    box.click();
    click(more);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(seen).toEqual(['button 2', 'checkbox true', 'checkbox false', 'button 2']));
    expect(box.checked).toBe(false);
    el.remove();
  });

  test('a select changed before the island is ready is told to it once ready', async () => {
    const el = island();
    const { hydrate, seen, release } = fakeReact(el);
    pressDirective(async () => hydrate, {}, el);
    const select = el.querySelector('select') as HTMLSelectElement;
    select.dispatchEvent(new Event('focusin', { bubbles: true }));
    select.value = 'NONE';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(seen).toEqual(['select NONE']));
    el.remove();
  });

  test('text typed before the island is ready is told to it once ready, and a field left meanwhile is left again', async () => {
    const el = island();
    el.insertAdjacentHTML(
      'beforeend',
      '<form><input name="phone" value="5035550100"><input name="email" value=""><input type="hidden" name="k" value="1"></form>',
    );
    const { hydrate, release } = fakeReact(el);
    const heard: string[] = [];
    el.addEventListener('input', (event) =>
      heard.push(`input ${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`),
    );
    el.addEventListener('focusout', (event) => heard.push(`left ${(event.target as HTMLInputElement).name}`));
    pressDirective(async () => hydrate, {}, el);
    const phone = el.querySelector('input[name="phone"]');
    const email = el.querySelector('input[name="email"]');
    phone?.dispatchEvent(new Event('focusin', { bubbles: true }));
    (phone as HTMLInputElement).value = '5035550142';
    (email as HTMLInputElement).focus();
    (email as HTMLInputElement).value = 'riley@example.com';
    heard.length = 0;
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    // the phone was left, the email is still being typed in: no focusout for it
    await vi.waitFor(() =>
      expect(heard).toEqual(['input phone=5035550142', 'left phone', 'input email=riley@example.com']),
    );
    expect((phone as HTMLInputElement).value).toBe('5035550142');
    el.remove();
  });

  test('a link is never held', () => {
    const el = island();
    pressDirective(async () => async () => {}, {}, el);
    const early = click(el.querySelector('a'));
    expect(early.defaultPrevented).toBe(false);
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    el.remove();
  });

  test('a press or focus on a link loads nothing: the page is being left (decision 671)', () => {
    const el = island();
    const load = vi.fn(async () => async () => {});
    pressDirective(load, {}, el);
    const link = el.querySelector('a');
    for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown'])
      link?.dispatchEvent(new Event(type, { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    // a press on a control of the same island still starts it
    el.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    el.remove();
  });

  test("when the island's scripts fail, the held button goes to its plain form", async () => {
    const el = island();
    const form = el.querySelector('form') as HTMLFormElement;
    const posted: Array<string | null> = [];
    form.addEventListener('submit', (event) => {
      posted.push(event.defaultPrevented ? null : ((event as SubmitEvent).submitter as HTMLButtonElement).value);
      event.preventDefault(); // happy-dom would navigate
    });
    pressDirective(async () => Promise.reject(new Error('offline')), {}, el);
    click(el.querySelector('button'));
    await vi.waitFor(() => expect(posted).toEqual(['2']));
    expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    el.remove();
  });

  test('leaving is asked while a guarded island has not hydrated, then left to the island; a plain form given back leaves unasked (decision 675)', async () => {
    /** Whether the page asks before it is left (a listener cancelled the beforeunload event). */
    const asks = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const guard = LEAVE_GUARD.slice(1, -1);
    // an island without the guard leaves the page unasked
    const plain = island();
    pressDirective(async () => fakeReact(plain).hydrate, {}, plain);
    expect(asks()).toBe(false);
    plain.remove();
    const el = island();
    el.lastElementChild?.setAttribute(guard, '');
    const { hydrate, release } = fakeReact(el);
    pressDirective(async () => hydrate, {}, el);
    expect(asks()).toBe(true);
    click(el.querySelector('button'));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    expect(asks()).toBe(true);
    release();
    await vi.waitFor(() => expect(el.hasAttribute(HELD_ATTRIBUTE)).toBe(false));
    // the island asks itself from now on (CheckoutPage's own listener)
    expect(asks()).toBe(false);
    el.remove();

    const offline = island();
    offline.lastElementChild?.setAttribute(guard, '');
    const form = offline.querySelector('form') as HTMLFormElement;
    form.addEventListener('submit', (event) => event.preventDefault()); // happy-dom would navigate
    pressDirective(async () => Promise.reject(new Error('offline')), {}, offline);
    expect(asks()).toBe(true);
    click(offline.querySelector('button'));
    // the plain form posts: the page is left as without JavaScript, unasked
    await vi.waitFor(() => expect(asks()).toBe(false));
    offline.remove();
  });

  test('when the scripts never answer, the held button goes to its plain form after the fallback time', async () => {
    vi.useFakeTimers();
    try {
      const el = island();
      const form = el.querySelector('form') as HTMLFormElement;
      const posted: string[] = [];
      form.addEventListener('submit', (event) => {
        if (!event.defaultPrevented) posted.push('plain');
        event.preventDefault();
      });
      pressDirective(() => new Promise(() => {}), {}, el);
      click(el.querySelector('button'));
      vi.advanceTimersByTime(FALLBACK_MS - 1);
      expect(posted).toEqual([]);
      vi.advanceTimersByTime(2);
      expect(posted).toEqual(['plain']);
      el.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  test("the page's after-load template goes into the document once the page has loaded", async () => {
    const template = document.createElement('template');
    template.setAttribute('data-after-load', '');
    template.innerHTML = '<link rel="prefetch" href="/_astro/CheckoutPage.js">';
    document.body.appendChild(template);
    const el = island();
    pressDirective(async () => async () => {}, {}, el);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="prefetch"]')).not.toBeNull(), {
      timeout: 2000,
    });
    expect(document.querySelector('template[data-after-load]')).toBeNull();
    el.remove();
  });

  test('the next page’s document fetched ahead goes in first, the chunks DOCUMENT_FIRST_MS later (decision 659)', async () => {
    document.head
      .querySelectorAll('link[rel="prefetch"], script[type="speculationrules"]')
      .forEach((node) => node.remove());
    const chunks = document.createElement('template');
    chunks.setAttribute('data-after-load', '');
    chunks.innerHTML = '<link rel="prefetch" href="/_astro/CheckoutPage.js">';
    const rules = document.createElement('template');
    rules.setAttribute('data-after-load', '');
    rules.innerHTML = '<script type="speculationrules">{"prefetch":[]}</script>';
    // the chunks' template is first in the page (as the worker's is last, it would not matter)
    document.body.appendChild(chunks);
    document.body.appendChild(rules);
    // when each went into the page
    const inserted: Array<[string, number]> = [];
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement || node instanceof HTMLLinkElement)
            inserted.push([node.tagName.toLowerCase(), Date.now()]);
    });
    watch.observe(document.head, { childList: true });
    const el = island();
    pressDirective(async () => async () => {}, {}, el);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="prefetch"]')).not.toBeNull(), {
      timeout: 2000,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    watch.disconnect();
    expect(inserted.map(([tag]) => tag)).toEqual(['script', 'link']);
    expect((inserted[1]?.[1] ?? 0) - (inserted[0]?.[1] ?? 0)).toBeGreaterThanOrEqual(DOCUMENT_FIRST_MS - 2);
    expect(document.querySelector('template[data-after-load]')).toBeNull();
    document.head
      .querySelectorAll('link[rel="prefetch"], script[type="speculationrules"]')
      .forEach((node) => node.remove());
    el.remove();
  });

  test('a link pressed before the page has loaded has the rules that fetch its document put in at once, the chunks not (decision 684)', () => {
    document.head.querySelectorAll('script[type="speculationrules"]').forEach((node) => node.remove());
    const rules = document.createElement('template');
    rules.setAttribute('data-after-load', '');
    rules.innerHTML =
      '<script type="speculationrules" id="hm-next-page">{"prefetch":[{"source":"list","urls":["/checkout"],"eagerness":"immediate"}]}</script>';
    const chunks = document.createElement('template');
    chunks.setAttribute('data-after-load', '');
    chunks.innerHTML = '<link rel="prefetch" href="/_astro/CheckoutPage.js">';
    document.body.appendChild(rules);
    document.body.appendChild(chunks);
    const el = island();
    el.insertAdjacentHTML('beforeend', '<a href="/checkout" data-testid="cart-checkout">Check out</a>');
    const load = vi.fn(async () => async () => {});
    pressDirective(load, {}, el);
    const inHead = () => document.head.querySelectorAll('script[type="speculationrules"]').length;
    // a link to another page changes nothing
    el.querySelector('a[href^="/p/"]')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(inHead()).toBe(0);
    // the checkout's link: its rules are in the head in the same task, before the click navigates
    el.querySelector('[data-testid="cart-checkout"]')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(inHead()).toBe(1);
    expect(document.head.querySelector('script[type="speculationrules"]')?.id).toBe('hm-next-page');
    expect(document.querySelector('template[data-after-load] script')).toBeNull();
    // the chunks still wait for the page's load, and a second press adds no second copy
    expect(document.head.querySelector('link[rel="prefetch"]')).toBeNull();
    el.querySelector('[data-testid="cart-checkout"]')?.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(inHead()).toBe(1);
    expect(load).not.toHaveBeenCalled();
    document.head.querySelectorAll('script[type="speculationrules"]').forEach((node) => node.remove());
    chunks.remove();
    el.remove();
  });
});
