// The `client:press` directive (docs/decisions/656): the islands of a page whose server markup
// already works without JavaScript (plain POST forms: the cart; the checkout, decision 675)
// hydrate on the shopper's first press in any of them (pointerdown, touchstart, focusin, keydown),
// all together, so the page loads, paints and settles with no React at all (issue 22 §5:
// Lighthouse 100 on the cart and the checkout).
// Nothing pressed before the islands are ready is lost (decision 599):
// - a click on a control (a button, a checkbox, a radio) is held: its default is stopped (the page
//   shows the island busy) and it is clicked again once the island has hydrated it, so the island's
//   own handler takes it; two presses are two clicks, in order;
// - a select changed before then is told again (a change event) once they are ready;
// - a form submitted another way is submitted again once they are ready;
// - text typed into a field meanwhile is told to the island (an input event, and the field's
//   focusout when the shopper has left it): React keeps what was typed on screen when it hydrates
//   but never hears it (react-dom's initInput keeps the value and tracks it as already known);
// - when the islands' scripts cannot load (offline, blocked), the held press is given back to the
//   plain form after FALLBACK_MS: the form posts as it does without JavaScript.
// Links are never held: they navigate as they always do. Leaving a page whose island's markup
// holds LEAVE_GUARD is confirmed until the island has hydrated and guards it itself.
//
// Astro bundles this file on its own (esbuild) into every page that uses the directive: keep it
// tiny and import nothing but the tiny.

import { fetchAfterLoad, fetchNextDocumentNow } from './after-load.ts';
import { tellTyped } from './tell-typed.ts';

type DirectiveLoad = () => Promise<() => Promise<void>>;

export const PRESS_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Told on the window when the first island starts: every other press island starts with it. */
export const PRESS_START_EVENT = 'hm:press-start';
/** On the island element while a press waits for it (BaseLayout's styles draw its buttons busy). */
export const HELD_ATTRIBUTE = 'data-held';
/**
 * What a press island puts on an element of its own once React has hydrated it and committed
 * (useHydrated): until then a press is held. Astro's hydrate() resolves when React's hydration is
 * scheduled, not done, and a click in between would be hydrated against the changed control (a
 * checkbox read as already ticked: no onChange).
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/**
 * On an element of an island's server markup when leaving the page must be confirmed (the
 * checkout's held flash sale, shopping §2): until the island has hydrated and asks itself, the
 * directive asks (decision 675). A plain form the directive gives back leaves unasked.
 */
export const LEAVE_GUARD = '[data-leave-guard]';
/** How long a held press waits for the islands before the plain form takes it. */
export const FALLBACK_MS = 8000;
/** The control a click acts on: held until the island is ready. Links are not. */
const CONTROL = 'button, input, label, select, summary';

const pressDirective = (load: DirectiveLoad, _options: unknown, el: HTMLElement): void => {
  let state: 'waiting' | 'loading' | 'ready' | 'failed' = 'waiting';
  const clicks: HTMLElement[] = [];
  let submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const changed = new Map<HTMLSelectElement, string>();
  let deadline = 0;
  let replaying = false;
  let leaving = false;

  /** Whether the island has hydrated: presses go to it as they are. */
  const ready = () => state === 'ready' && el.querySelector(`[${HYDRATED_ATTRIBUTE}]`) !== null;
  /** Whether a press goes to the page as it is: the island's, or the plain form's when it will not come. */
  const through = () => state === 'failed' || ready();

  /** What was held, taken: the island's (ready) or the page's (failed) from now on. */
  const take = (next: 'ready' | 'failed') => {
    if (next === 'failed') state = 'failed';
    replaying = false;
    el.removeAttribute(HELD_ATTRIBUTE);
    const held = { clicks: clicks.splice(0), submit, changed: [...changed] };
    submit = null;
    changed.clear();
    return held;
  };

  /** The islands will not come: what was pressed goes to the page as it is, as without JavaScript. */
  const giveBack = () => {
    const held = take('failed');
    // in order, up to the first that posts its form (with its name=value): that one leaves the page
    for (const control of held.clicks) {
      if (!control.isConnected) continue;
      control.click();
      if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form) return;
    }
    if (held.clicks.length > 0) return;
    if (held.submit?.form.isConnected)
      held.submit.form.requestSubmit(held.submit.submitter as HTMLButtonElement | null);
    else for (const [select] of held.changed) if (select.isConnected) select.form?.requestSubmit();
  };

  /** The island has hydrated: it is told what the shopper did meanwhile, in order. */
  const replay = () => {
    const held = take('ready');
    // what was typed first, and the presses once React has rendered it (a held "Place order"
    // sends the typed contact)
    if (tellTyped(el)) setTimeout(() => replayHeld(held), 0);
    else replayHeld(held);
  };

  const replayHeld = (held: ReturnType<typeof take>) => {
    for (const [select, value] of held.changed) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const control of held.clicks) if (control.isConnected) control.click();
    const form = held.submit?.form;
    if (held.clicks.length === 0 && form?.isConnected)
      form.requestSubmit(
        form.contains(held.submit?.submitter ?? null) ? (held.submit?.submitter as HTMLButtonElement) : null,
      );
  };

  /** Replays once the island says it has hydrated (checked a frame at a time), or gives back at the deadline. */
  const replayWhenHydrated = () => {
    if (state !== 'ready' || replaying) return;
    replaying = true;
    const check = () => {
      if (ready()) return replay();
      if (Date.now() > deadline) {
        replaying = false;
        return giveBack();
      }
      requestAnimationFrame(check);
    };
    check();
  };

  const hold = () => {
    el.setAttribute(HELD_ATTRIBUTE, '');
    deadline = Date.now() + FALLBACK_MS;
    if (state === 'waiting') start();
    else if (state === 'ready') replayWhenHydrated();
  };

  const start = () => {
    if (state !== 'waiting') return;
    state = 'loading';
    // the island marks itself hydrated within FALLBACK_MS of starting, pressed or not
    deadline = Math.max(deadline, Date.now() + FALLBACK_MS);
    for (const type of PRESS_EVENTS) el.removeEventListener(type, pressed, true);
    globalThis.dispatchEvent(new Event(PRESS_START_EVENT));
    // the islands' scripts may never come (offline): a held press waits FALLBACK_MS at most
    const timer = setTimeout(() => {
      if (state === 'loading' && el.hasAttribute(HELD_ATTRIBUTE)) giveBack();
    }, FALLBACK_MS);
    load()
      .then((hydrate) => hydrate())
      .then(
        () => {
          clearTimeout(timer);
          if (state !== 'loading') return;
          state = 'ready';
          replayWhenHydrated();
        },
        () => {
          clearTimeout(timer);
          giveBack();
        },
      );
  };

  /**
   * A press on a link starts nothing: the page is left as the link navigates, and its islands'
   * chunks took the connection the next page's document needed (the cart's "Check out", decision 671).
   */
  const pressed = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link) start();
    // a link pressed before the page's end went in: its document fetched ahead now (decision 684)
    else if (link instanceof HTMLAnchorElement) fetchNextDocumentNow(link);
  };

  el.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || event.target.closest('a[href]')) return;
      const control = event.target.closest<HTMLElement>(CONTROL);
      if (!control || !el.contains(control) || through()) return;
      // a label's click clicks its control: the control's click is the one held
      if (control instanceof HTMLLabelElement) return;
      // React's listeners sit on this element too, after this one: none of them sees the held
      // click, and nothing changes (a checkbox stays as it was) until the island takes it
      event.stopImmediatePropagation();
      event.preventDefault();
      clicks.push(control);
      submit = null;
      hold();
    },
    true,
  );
  el.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter ?? null;
      // the plain form's post, given back (failed): it leaves the page as it does without JavaScript
      if (through()) return void (leaving ||= state === 'failed');
      event.preventDefault();
      event.stopImmediatePropagation();
      submit = { form, submitter };
      hold();
    },
    true,
  );
  el.addEventListener(
    'change',
    (event) => {
      if (!(event.target instanceof HTMLSelectElement) || through()) return;
      event.stopImmediatePropagation();
      changed.set(event.target, event.target.value);
      hold();
    },
    true,
  );
  // only where the markup asks for it: a page with a beforeunload listener makes every navigation
  // away from it wait for its renderer to run the listener
  if (el.querySelector(LEAVE_GUARD))
    globalThis.addEventListener('beforeunload', (event) => {
      if (leaving || ready()) return;
      event.preventDefault();
      event.returnValue = '';
    });
  for (const type of PRESS_EVENTS) el.addEventListener(type, pressed, { capture: true, passive: true });
  globalThis.addEventListener(PRESS_START_EVENT, start, { once: true });
  fetchAfterLoad();
};

export default pressDirective;
