// How the journey bench finds what the shopper looks at and presses (decision 615). Playwright's
// locators run its injected script in the page: a new document compiles it (once in the utility
// world for locators, once in the main world for waitForFunction) and builds the accessibility
// tree for role queries, all at the bench's 4x CPU slowdown: 150-500 ms on each new page, which no
// phone spends before a tap. Here a plain `page.evaluate` finds the element with
// `querySelectorAll` in the page's own frames (requestAnimationFrame), and the press is real input
// through the browser (`page.mouse.click`, `page.keyboard.insertText`: the hit test, focus, events
// and default actions a tap has). JOURNEY_LOCATORS=playwright times the journey with Playwright's
// locators, as before 2026-11-27, so the two can be compared on one tree.
import { waitForIslands } from './sign-in.mjs';

/** Whether the journey finds elements with Playwright's locators (the bench before decision 615). */
export const PLAYWRIGHT_LOCATORS = process.env.JOURNEY_LOCATORS === 'playwright';

/** A navigation replaced the document the lookup ran in: it is asked again of the new one. */
const GONE = /Execution context was destroyed|Cannot find context|because of a navigation/i;

/**
 * Runs `check` (a page function of `arg`) in every animation frame of the page until it returns
 * something other than null; resolves to that. A navigation that replaces the document starts it
 * again in the new one, as Playwright's waitForFunction does.
 */
async function untilFrame(page, check, arg) {
  for (;;) {
    try {
      // an expression, not a function with eval inside: the pages' CSP refuses eval, and DevTools'
      // own evaluation is not subject to it
      return await page.evaluate(`new Promise((resolve) => {
        const test = (${check.toString()});
        const value = ${JSON.stringify(arg)};
        const look = () => {
          const answer = test(value);
          if (answer === null) requestAnimationFrame(look);
          else resolve(answer);
        };
        look();
      })`);
    } catch (error) {
      if (!GONE.test(error.message)) throw error;
    }
  }
}

/**
 * The first rendered element matching `css` whose rendered text (innerText) matches `text` (when
 * given); with `inner`, the first rendered element matching `inner` inside it. With `press`, its
 * centre's coordinates once it is in view and nothing covers its centre (else it is scrolled to
 * the middle of the screen and looked at again in the next frame); else true.
 */
function findInPage({ css, source, inner, press: forPress }) {
  const pattern = source && new RegExp(source, 'i');
  const rendered = (element) => element.getClientRects().length > 0;
  let element = null;
  for (const candidate of document.querySelectorAll(css)) {
    if (!rendered(candidate) || (pattern && !pattern.test(candidate.innerText))) continue;
    element = inner ? ([...candidate.querySelectorAll(inner)].find(rendered) ?? null) : candidate;
    if (element) break;
  }
  if (!element) return null;
  if (!forPress) return true;
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = y >= 0 && y <= window.innerHeight ? document.elementFromPoint(x, y) : null;
  if (hit && (hit === element || element.contains(hit) || hit.contains(element))) return { x, y };
  element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  return null;
}

const lookup = (page, { css, text, inner, press: forPress }) =>
  untilFrame(page, findInPage, {
    css,
    source: text?.source ?? text ?? null,
    inner: inner ?? null,
    press: Boolean(forPress),
  });

/** Resolves when no island of the page that hydrates on load or idle is still waiting to (sign-in.mjs waitForIslands). */
async function islandsReadyIn(page) {
  await untilFrame(
    page,
    () =>
      [...document.querySelectorAll('astro-island[ssr]')].some((island) =>
        ['load', 'idle', 'paint'].includes(island.getAttribute('client') ?? ''),
      )
        ? null
        : true,
    null,
  );
}

/** Resolves, in the first animation frame it is shown in, when an element matching `css` (and `text`) is. */
const shownIn = (page, css, text) => lookup(page, { css, text });

/** Presses (a mouse click at its centre) the first shown element matching the target's `css`, `text` and `inner`. */
async function pressIn(page, target) {
  const { x, y } = await lookup(page, { ...target, press: true });
  await page.mouse.click(x, y);
}

/** Once the field matching `css` is shown, runs `act(field)` on it in the page; resolves to what that returns. */
async function onField(page, css, act) {
  await lookup(page, { css });
  // an expression, as in untilFrame: the pages' CSP refuses eval
  return page.evaluate(`(${act.toString()})(document.querySelector(${JSON.stringify(css)}))`);
}

/** Types `value` into the target field, replacing what it held (one input event, as Playwright's fill). */
async function typeIn(page, { css }, value) {
  await onField(page, css, (field) => {
    field.focus();
    field.select();
  });
  await page.keyboard.insertText(value);
}

/**
 * Playwright's `shown`: the first animation frame in which `selector` matches a rendered element
 * whose rendered text matches `text` (decision 611; waitForFunction polls in the page's frames).
 */
function shownByPlaywright(page, selector, text) {
  return page.waitForFunction(
    ([css, source]) => {
      const pattern = source && new RegExp(source, 'i');
      return [...document.querySelectorAll(css)].some(
        (element) => element.getClientRects().length > 0 && (!pattern || pattern.test(element.innerText)),
      );
    },
    [selector, text?.source ?? text],
    { polling: 'raf' },
  );
}

/**
 * What the journey looks for and presses: each as the CSS the in-page lookup uses and the
 * Playwright locator the bench used before (the same element; tests/e2e journeys use the locators).
 */
export const TARGETS = {
  email: { css: '#signin-email', locator: (page) => page.getByLabel('Email') },
  password: { css: '#signin-password', locator: (page) => page.getByLabel('Password', { exact: true }) },
  signIn: {
    css: 'main form button[type="submit"]',
    text: /^Sign in$/,
    locator: (page) => page.getByRole('button', { name: 'Sign in', exact: true }),
  },
  searchBox: {
    css: 'header form[role="search"] input[name="query"]',
    locator: (page) => page.getByRole('banner').getByRole('search').getByLabel('Search products'),
  },
  searchButton: {
    css: 'header form[role="search"] button[type="submit"]',
    locator: (page) => page.getByRole('banner').getByRole('search').getByRole('button', { name: 'Search' }),
  },
  /** The first milk card's add button (the product card's "Add to cart: <name>"). */
  addMilk: {
    css: '[data-testid="product-card"]',
    text: /milk/i,
    inner: 'button[aria-label^="Add to cart"]',
    locator: (page) =>
      page
        .getByTestId('product-card')
        .filter({ hasText: /milk/i })
        .first()
        .getByRole('button', { name: /^Add (.+ )?to cart\b/ }),
  },
  cartLink: { css: '[data-testid="cart-link"]', locator: (page) => page.getByTestId('cart-link') },
  checkOut: { css: '[data-testid="cart-checkout"]', locator: (page) => page.getByTestId('cart-checkout') },
  firstSlot: {
    css: '.slots input[type="radio"]:not([disabled])',
    locator: (page) => page.locator('.slots input[type="radio"]:not([disabled])').first(),
  },
  phone: { css: '[data-testid="checkout-phone"]', locator: (page) => page.getByLabel('Phone') },
  contactEmail: { css: '#checkout-contact input[name="email"]', locator: (page) => page.getByLabel('Email') },
  placeOrder: { css: '[data-testid="place-order"]', locator: (page) => page.getByTestId('place-order') },
};

/**
 * The journey's eyes and hands on `page`: in-page lookups and real input (decision 615), or with
 * JOURNEY_LOCATORS=playwright Playwright's locators as the bench used them before.
 */
export function journeyInput(page) {
  if (PLAYWRIGHT_LOCATORS)
    return {
      islands: () => waitForIslands(page),
      shown: (css, text) => shownByPlaywright(page, css, text),
      press: (target) => target.locator(page).click(),
      type: (target, value) => target.locator(page).fill(value),
      focus: (target) => target.locator(page).focus(),
      value: (target) => target.locator(page).inputValue(),
    };
  return {
    islands: () => islandsReadyIn(page),
    shown: (css, text) => shownIn(page, css, text),
    press: (target) => pressIn(page, target),
    type: (target, value) => typeIn(page, target, value),
    focus: ({ css }) => onField(page, css, (field) => field.focus()),
    value: ({ css }) => onField(page, css, (field) => field.value),
  };
}
