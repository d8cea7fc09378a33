// The `client:focus` directive (decision 682): an island that is one control inside a plain form
// of the page (the header's search box, src/components/SearchForm.astro) hydrates on the first
// pointerdown, focusin, keydown or touchstart inside it. The form around it works without the
// island (a GET to /search), so nothing is held: client:interaction's adds and held submits (1.7 KB
// of gzip) stay off the pages that have no add button (the shopping lists had 4 bytes of their
// JavaScript budget left; the cart's inline script is a quarter smaller).
//
// Astro bundles this file on its own into every page that uses it: keep it tiny, import nothing.

type DirectiveLoad = () => Promise<() => Promise<void>>;

/** What counts as the shopper reaching for the island (client:interaction's too). */
export const INTERACTION_EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

const focusDirective = (load: DirectiveLoad, _options: unknown, el: HTMLElement): void => {
  const start = () => {
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
};

export default focusDirective;
