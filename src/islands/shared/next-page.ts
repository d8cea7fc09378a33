// The page a shopper most likely opens next, fetched ahead with a Speculation Rules prefetch (issue
// 22 §5, docs/decisions/604): the cart's "Check out" then opens a checkout already fetched, not a
// round trip after the tap (0.6-0.7 s on a slow phone). The next page is personal (the checkout of
// this cart), so a prefetched copy must never be older than the page's last change:
// - every write from this page (islandFetch, any method but GET) withdraws the rules at
//   once, which discards the prefetched page, and offers them again when the last write is
//   answered, which fetches the page anew;
// - the rules are never re-offered in the same task: Chrome keeps a prefetch whose rules are
//   removed and added back together, so the new set goes in on the next task;
// - a page the shopper comes back to (another tab may have changed the cart) fetches it anew, and
//   so does a page left open: the prefetched copy is at most REFRESH_MS old.
// Browsers without Speculation Rules get nothing and lose nothing. Chrome's own limits apply (a
// prefetch is kept a few minutes and used at most once).

import { NEXT_PAGE_RULES_ID as RULES_ID, nextPageRules, type NextPage } from '../../lib/http/speculation.ts';
import { watchWrites } from './fetch.ts';

/** A prefetched page is fetched anew after this long (Chrome would keep it some minutes). */
const REFRESH_MS = 120_000;

let wanted: NextPage | null = null;
let writes = 0;
let pending: ReturnType<typeof setTimeout> | null = null;
let refresh: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function supported(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof HTMLScriptElement !== 'undefined' &&
    typeof HTMLScriptElement.supports === 'function' &&
    HTMLScriptElement.supports('speculationrules')
  );
}

function withdraw(): void {
  for (let rules = document.getElementById(RULES_ID); rules; rules = document.getElementById(RULES_ID)) rules.remove();
  if (pending !== null) clearTimeout(pending);
  if (refresh !== null) clearTimeout(refresh);
  pending = null;
  refresh = null;
}

function offer(): void {
  withdraw();
  pending = setTimeout(() => {
    pending = null;
    if (wanted === null || writes > 0) return;
    // the same rules written since (another offer's) already fetch the page anew
    if (document.getElementById(RULES_ID)?.textContent !== nextPageRules(wanted)) {
      withdraw();
      const rules = document.createElement('script');
      rules.type = 'speculationrules';
      rules.id = RULES_ID;
      rules.textContent = nextPageRules(wanted); // allowed by its hash in the pages' CSP
      document.head.appendChild(rules);
    }
    refreshLater();
  }, 0);
}

function refreshLater(): void {
  refresh = setTimeout(() => {
    if (document.visibilityState === 'visible') offer();
  }, REFRESH_MS);
}

/** Prefetches `path` as the likely next page; null stops. */
export function prefetchNextPage(path: NextPage | null): void {
  if (!supported()) return;
  // from now on every write from this page (islandFetch) withdraws the prefetch until it is answered
  watchWrites(nextPageWrite);
  wanted = path;
  if (path === null) return withdraw();
  // the page's own rules (rendered with it, so the prefetch began as the page arrived) are kept
  // until the first write; a write already under way offers the page when it is answered
  const rendered = document.getElementById(RULES_ID);
  if (rendered && rendered.textContent === nextPageRules(path) && writes === 0) {
    if (refresh === null) refreshLater();
  } else if (writes === 0) offer();
  listen();
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && wanted !== null && writes === 0) offer();
  });
}

/**
 * A write from this page begins: the prefetched page is dropped until it is answered. Returns the
 * function to call when it is (answered, failed or aborted alike).
 */
export function nextPageWrite(): () => void {
  writes += 1;
  if (wanted !== null) withdraw();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    writes -= 1;
    if (writes === 0 && wanted !== null) offer();
  };
}
