// The `client:personal` directive (issue 7 §2, docs/decisions/075): an island that only a
// signed-in shopper needs (the header's cart count) hydrates once the page's personal call says
// the shopper is signed in (src/islands/shared/late-personal.ts PERSONAL_EVENT), and never for
// anyone else, so anonymous pages ship no island JavaScript for it.
//
// Astro bundles this file on its own into every page that uses it: keep it tiny, import nothing.

type DirectiveLoad = () => Promise<() => Promise<void>>;

const personalDirective = (load: DirectiveLoad): void => {
  const hydrate = async () => (await load())();
  // when the page is next idle, not in the personal answer's task: a press that came with that
  // answer (an add on a listing) is handled first, its POST not queued behind React (decision 681)
  const start = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => void hydrate(), { timeout: 1000 })
      : void hydrate();
  if ((globalThis as { __hmPersonal?: boolean }).__hmPersonal) start();
  else globalThis.addEventListener('hm:personal', start, { once: true });
};

export default personalDirective;
