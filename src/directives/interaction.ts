// The `client:interaction` directive (docs/decisions/030-cart.md): an island hydrates on the
// first pointerdown, focusin, keydown or touchstart inside it, so listing pages ship no island
// JavaScript until the shopper reaches for a control. A form submitted before hydration is
// finished is held (preventDefault) and submitted again once the island's form says it is ready,
// so the first click is never lost. Without JavaScript the plain form posts as usual.
//
// Astro bundles this file on its own (esbuild) into every page that uses the directive: keep it
// tiny and import nothing but what is as tiny.

import { INTERACTION_EVENTS } from './focus.ts';

type DirectiveLoad = () => Promise<() => Promise<void>>;

export { INTERACTION_EVENTS };
/** The attribute a hydrated island puts on its form (AddToCart sets it after mounting). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** How long a held submit waits for the island before it falls back to the plain form post. */
export const HELD_SUBMIT_TIMEOUT_MS = 3000;
/**
 * An add form with this attribute is sent by the directive itself when it is submitted before the
 * island is ready: the add does not wait for the island's scripts (issue 22 §5: 4.5 s on a slow
 * phone, most of it loading them). The edge's answer, the new basket, is announced as the page's
 * basket with CART_CHANGED_EVENT, so the island hydrates into a stepper and the header count moves.
 */
export const DIRECT_ADD_ATTRIBUTE = 'data-direct-add';
/**
 * A press (pointer, touch, focus or key) on a direct-add form's button is about to submit it: the
 * island's scripts then start after the add is sent, not on the press. Started on the press, their
 * evaluation held the click's submit about 0.4 s on a 4x-slowed phone before the POST left (issue
 * 22 §5). A press that submits nothing (the pointer slid off) hydrates this much later.
 */
export const PRESS_HYDRATE_DELAY_MS = 500;
/**
 * While the directive's own add is under way and then answered, until the island shows its
 * stepper, the island element carries `data-add-state="adding"` or `"added"`; BaseLayout's styles
 * then say "Adding…" or "✓ Added" on the button. The attribute is on the island element, outside
 * what React hydrates, so the hydrated markup still matches the server's. A press in that time
 * sends nothing more: one tap, one item.
 */
export const ADD_STATE_ATTRIBUTE = 'data-add-state';
/**
 * A submit held for the island (any form but a direct add, e.g. a recipe's "Add all to cart")
 * marks the island element with this attribute until it is submitted again: BaseLayout's styles
 * then draw its submit buttons as busy, so a tap on a slow phone shows at once that it was taken.
 */
export const HELD_ATTRIBUTE = 'data-held';
/** How long "✓ Added" stays when the island has not shown its stepper by then (its scripts failed to load). */
export const ADDED_SHOWN_MS = 4000;
/** The submit button of a direct-add form. */
const DIRECT_ADD_BUTTON = `form[${DIRECT_ADD_ATTRIBUTE}] button:not([type]), form[${DIRECT_ADD_ATTRIBUTE}] [type="submit"]`;
/** The cart-changed event and the late-basket global (src/lib/basket/contracts.ts, late-personal.ts), repeated: this file imports nothing. */
const CART_CHANGED_EVENT = 'hm:cart-changed';
/** The likely next page's Speculation Rules (NEXT_PAGE_RULES_ID, src/lib/http/speculation.ts), repeated likewise. */
const NEXT_PAGE_RULES_ID = 'hm-next-page';
/**
 * The rules that fetch the cart ahead, `nextPageRules('/cart')` of src/lib/http/speculation.ts
 * repeated to the byte: the pages' CSP allows them by their hash (interaction.test.ts compares).
 */
export const CART_RULES = '{"prefetch":[{"source":"list","urls":["/cart"],"eagerness":"immediate"}]}';

/**
 * After the last add under way is answered, the cart is fetched ahead at once (decision 604,
 * 607): the add button's island, which would do it, is often still loading its scripts on a slow
 * phone. On the next task, never in the task that withdrew the old rules (Chrome would keep the
 * stale copy). The island adopts these rules when it hydrates (next-page.ts).
 */
function prefetchCart(adds: { __hmAdding?: number }): void {
  // (a browser without the method has none of them)
  if (!HTMLScriptElement.supports?.('speculationrules')) return;
  setTimeout(() => {
    if (adds.__hmAdding || document.getElementById(NEXT_PAGE_RULES_ID)) return;
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.id = NEXT_PAGE_RULES_ID;
    rules.textContent = CART_RULES;
    document.head.appendChild(rules);
  }, 0);
}

/**
 * What the page fetches once the shopper has added something (worker/island-preload.ts
 * islandsAfterAdd: the checkout's island chunks), inside a template the browser neither fetches
 * nor runs until the first add is sent; then its links take its place (decision 676).
 */
export const AFTER_ADD_TEMPLATE = 'template[data-after-add]';

/**
 * POSTs the add form's item as the island would (JSON, one Idempotency-Key); the new basket, or
 * null when the edge did not take it (signed out, a limit, no connection): the island then sends it.
 */
async function sendDirectAdd(form: HTMLFormElement): Promise<{ lineItems: unknown[] } | null> {
  const gtin13 = new FormData(form).get('gtin13');
  // every browser with ES modules (which islands need) has fetch; randomUUID came later
  if (typeof gtin13 !== 'string' || !crypto?.randomUUID) return null;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      // credentials: fetch's default, 'same-origin' (the session cookie goes with it)
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ gtin13, quantity: 1, substitutionPolicy: 'SHOPPER_CHOICE' }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const basket = ((await response.json()) as { data?: { lineItems?: unknown } } | null)?.data;
    return basket && Array.isArray(basket.lineItems) ? (basket as { lineItems: unknown[] }) : null;
  } catch {
    return null;
  }
}

const interactionDirective = (load: DirectiveLoad, _options: unknown, el: HTMLElement): void => {
  let started = false;
  let ready = false;
  let held: { index: number; submitter: HTMLElement | null } | null = null;
  let pressTimer: ReturnType<typeof setTimeout> | null = null;
  // the add form the directive has sent, from the press until the island shows its stepper
  let sending: HTMLFormElement | null = null;
  let status: HTMLElement | null = null;

  const forms = () => [...el.querySelectorAll('form')];

  /** Says the add's state on the button (styles) and to screen readers (a status region beside the island). */
  const showState = (state: 'adding' | 'added' | null, form: HTMLFormElement) => {
    if (state) el.setAttribute(ADD_STATE_ATTRIBUTE, state);
    else el.removeAttribute(ADD_STATE_ATTRIBUTE);
    if (!status) {
      status = document.createElement('span');
      status.setAttribute('role', 'status');
      status.className = 'sr-only';
      el.insertAdjacentElement('afterend', status);
    }
    const name =
      form
        .querySelector('[aria-label]')
        ?.getAttribute('aria-label')
        ?.replace(/^Add to cart: /, '') ?? 'The item';
    status.textContent =
      state === 'adding' ? `Adding ${name} to your cart…` : state === 'added' ? `${name} added to your cart.` : '';
  };

  /** The island has taken over (or never will): presses are the island's again. */
  const settle = () => {
    sending = null;
    el.removeAttribute(ADD_STATE_ATTRIBUTE);
    if (ready) el.removeEventListener('submit', onSubmit, true);
  };

  /** "✓ Added" until the island's stepper takes the form's place, or ADDED_SHOWN_MS at most. */
  const untilStepper = () => {
    const gone = () => !el.querySelector(`form[${DIRECT_ADD_ATTRIBUTE}]`);
    if (gone()) return settle();
    const watch = new MutationObserver(() => {
      if (!gone()) return;
      watch.disconnect();
      clearTimeout(fallback);
      settle();
    });
    const fallback = setTimeout(() => {
      watch.disconnect();
      settle();
    }, ADDED_SHOWN_MS);
    watch.observe(el, { childList: true, subtree: true });
  };

  function onSubmit(event: Event) {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    if (sending) {
      // a second press while the first add is on its way or just answered: nothing more is sent,
      // and the hydrated island (its listener is on this element too) does not see it either
      event.stopPropagation();
      return;
    }
    const submit = { index: forms().indexOf(form), submitter: (event as SubmitEvent).submitter ?? null };
    if (!form.hasAttribute(DIRECT_ADD_ATTRIBUTE)) {
      void start();
      held = submit;
      el.setAttribute(HELD_ATTRIBUTE, '');
      return;
    }
    // a cart fetched ahead is stale from now: dropped, and fetched anew after the answer
    // (CART_CHANGED_EVENT; src/islands/shared/next-page.ts, decision 604)
    document.getElementById(NEXT_PAGE_RULES_ID)?.remove();
    // adds under way, and whether one was answered, for an add button's island that hydrates after
    // it (src/islands/cart/AddToCart.tsx fetches the cart ahead then)
    const adds = globalThis as { __hmAdding?: number; __hmAdded?: boolean };
    adds.__hmAdding = (adds.__hmAdding ?? 0) + 1;
    // the POST leaves first (fetch is called before sendDirectAdd's first await), then the scripts load
    const sent = sendDirectAdd(form);
    sending = form;
    showState('adding', form);
    void start();
    // the checkout's chunks, behind the POST and the island's scripts: after the answer, the
    // shopper's next tap (the cart) aborted them in flight (decision 676)
    for (const after of document.querySelectorAll<HTMLTemplateElement>(AFTER_ADD_TEMPLATE))
      after.replaceWith(after.content);
    void sent.then((basket) => {
      adds.__hmAdding = (adds.__hmAdding ?? 1) - 1;
      if (basket) {
        showState('added', form);
        untilStepper();
        adds.__hmAdded = true;
        // the new basket for every island, whenever it hydrates; the event tells those already
        // hydrated to take it (CartChangedDetail: no fetch of their own)
        (globalThis as { __hmBasket?: unknown }).__hmBasket = basket;
        globalThis.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { basket: true } }));
        prefetchCart(adds);
        return;
      }
      // not taken: the island sends it and shows why (sign in, a limit), as without the fast path
      showState(null, form);
      settle();
      held = submit;
      if (ready) resubmit();
    });
  }

  const resubmit = () => {
    if (!held) return;
    const { index, submitter } = held;
    held = null;
    const deadline = Date.now() + HELD_SUBMIT_TIMEOUT_MS;
    const attempt = () => {
      const form = forms()[index];
      if (!form) return el.removeAttribute(HELD_ATTRIBUTE); // the island replaced its form (e.g. a stepper): nothing to resubmit
      if (form.hasAttribute(HYDRATED_ATTRIBUTE) || Date.now() > deadline) {
        // from here the island (or the plain post) says what is going on
        el.removeAttribute(HELD_ATTRIBUTE);
        const button = submitter && form.contains(submitter) ? submitter : null;
        // Past the deadline without a ready island, the plain post still works (no JS path).
        if (form.hasAttribute(HYDRATED_ATTRIBUTE)) form.requestSubmit(button as HTMLButtonElement | null);
        else HTMLFormElement.prototype.submit.call(form);
        return;
      }
      requestAnimationFrame(attempt);
    };
    attempt();
  };

  const start = async () => {
    if (started) return;
    started = true;
    if (pressTimer !== null) clearTimeout(pressTimer);
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, onInteraction, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      // a direct add still under way keeps the listener: a second press must not reach the island
      if (!sending) el.removeEventListener('submit', onSubmit, true);
      ready = true;
      resubmit();
    }
  };

  function onInteraction(event: Event) {
    if (!(event.target instanceof Element) || !event.target.closest(DIRECT_ADD_BUTTON)) {
      void start();
      return;
    }
    pressTimer ??= setTimeout(() => void start(), PRESS_HYDRATE_DELAY_MS);
  }

  for (const type of INTERACTION_EVENTS) el.addEventListener(type, onInteraction, { capture: true, passive: true });
  el.addEventListener('submit', onSubmit, true);

  // A signed-in shopper's basket came in late (src/islands/shared/late-personal.ts): an island for
  // an item already in the cart hydrates now, so its stepper shows the quantity (decision 075).
  const inLateBasket = () => {
    const gtin = el.closest<HTMLElement>('[data-gtin]')?.dataset.gtin;
    const basket = (globalThis as { __hmBasket?: { lineItems?: Array<{ gtin13: string }> } | null }).__hmBasket;
    return Boolean(gtin && basket?.lineItems?.some((line) => line.gtin13 === gtin));
  };
  if (inLateBasket()) void start();
  else
    globalThis.addEventListener(
      'hm:personal',
      () => {
        if (inLateBasket()) void start();
      },
      { once: true },
    );
};

export default interactionDirective;
