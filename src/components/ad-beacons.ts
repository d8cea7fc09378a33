import { AD_TRACKING_PATHS } from '../lib/promotions/ad-tracking.ts';

// The sponsored placement beacons of AdTracking.astro (account §3 Ad placement tracking): an ad
// card half in view sends one impression, a click inside it a click, by navigator.sendBeacon with
// a JSON Blob (keepalive fetch as fallback). Only our own tracking paths are ever posted to.

/** Where beacons may go: the common prefix of our tracking paths. */
const AD_BEACON_PREFIX = AD_TRACKING_PATHS.IMPRESSION.slice(0, AD_TRACKING_PATHS.IMPRESSION.lastIndexOf('/') + 1);
const CARD = '[data-hm-ad]';

function send(url: string | undefined, data: string | undefined): void {
  if (!url || !data || !url.startsWith(AD_BEACON_PREFIX)) return;
  try {
    if (navigator.sendBeacon(url, new Blob([data], { type: 'application/json' }))) return;
  } catch {
    /* fall back to fetch */
  }
  fetch(url, {
    method: 'POST',
    body: data,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => {});
}

/** Watches every ad card, now and added later (load more), once per page. */
export function startAdBeacons(): void {
  const seen = new WeakSet<Element>();
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              const card = entry.target as HTMLElement;
              send(card.dataset.hmAdImpression, card.dataset.hmAd);
            }
          },
          { threshold: 0.5 },
        )
      : null;
  const scan = () => {
    if (!observer) return;
    for (const card of document.querySelectorAll(CARD)) {
      if (seen.has(card)) continue;
      seen.add(card);
      observer.observe(card);
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const card = event.target instanceof Element ? (event.target.closest(CARD) as HTMLElement | null) : null;
      if (card) send(card.dataset.hmAdClick, card.dataset.hmAd);
    },
    true,
  );
  scan();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
}
