// The `client:personal` directive (issue 7 §2, docs/decisions/075): an island that only a
// signed-in shopper needs (the header's cart count) hydrates once the page's personal call says
// the shopper is signed in (src/islands/shared/late-personal.ts PERSONAL_EVENT), and never for
// anyone else, so anonymous pages ship no island JavaScript for it.
//
// Astro bundles this file on its own into every page that uses it: keep it tiny, import nothing.

type DirectiveLoad = () => Promise<() => Promise<void>>;

const personalDirective = (load: DirectiveLoad): void => {
  const start = async () => {
    const hydrate = await load();
    await hydrate();
  };
  if ((globalThis as { __hmPersonal?: boolean }).__hmPersonal) void start();
  else globalThis.addEventListener('hm:personal', () => void start(), { once: true });
};

export default personalDirective;
