// How the client build groups modules into chunks (issue 22 §5, docs/decisions/606). Left to
// itself the bundler made a chunk per set of islands sharing a module: a signed-in page loaded
// 21-29 scripts, most under 2 KB. Over HTTP/1.1 (six connections) and a slow phone's 0.56 s a
// request, each six of them is another round trip. Grouped, the same bytes come in 7-9 scripts.
//
// Four groups, by priority (a module goes to the first group that takes it):
// - `personal`: the header's late personal-parts script's own imports. It runs on every page,
//   static ones too, so nothing it imports may pull React in.
// - `vendor`: React, React DOM, the scheduler, Jotai and Astro's React renderer, which every
//   island needs.
// - `core`: the project's modules that four islands or more share (valibot, the messages, the
//   edge client, the cart's atoms and API, money, the contracts). Every signed-in page has the
//   header's cart islands, which need nearly all of them.
// - `purchase`: what the search → cart → checkout path needs besides (the cart's suggestions,
//   checkout rules, coupons, time display, the next-page prefetch, the quantity stepper), so
//   opening the cart or the checkout is not one more wave of small scripts.
// Components (files named with a capital) stay in their own chunks: an island's entry captured in
// a group becomes a facade that only imports it, one more request.

type ModuleTest = (id: string) => boolean;

const PERSONAL = /src[\\/]islands[\\/]shared[\\/](fetch|late-personal)\.ts$/;
const VENDOR = /node_modules[\\/](react|react-dom|scheduler|jotai|@astrojs[\\/]react)[\\/]/;
const CORE_CANDIDATE =
  /node_modules[\\/]valibot[\\/]|src[\\/](lib|islands[\\/]shared|islands[\\/]cart[\\/]atoms)[\\/]|src[\\/]islands[\\/]cart[\\/]api\.ts$/;
const COMPONENT = /[\\/][A-Z][^\\/]*$/;
const PURCHASE =
  /src[\\/](lib[\\/](catalog[\\/]search|checkout[\\/]rules|coupons[\\/]coupons|time[\\/]display)|islands[\\/]shared[\\/]next-page|islands[\\/]cart[\\/]QuantityStepper)\.tsx?$/;

const isCore: ModuleTest = (id) => CORE_CANDIDATE.test(id) && !PERSONAL.test(id) && !COMPONENT.test(id);

/** Rolldown's `output.codeSplitting.groups` for the client build. */
export const CHUNK_GROUPS = [
  { name: 'personal', test: PERSONAL, priority: 4 },
  { name: 'vendor', test: VENDOR, priority: 3 },
  { name: 'core', test: isCore, minShareCount: 4, priority: 2 },
  { name: 'purchase', test: PURCHASE, priority: 1 },
];
