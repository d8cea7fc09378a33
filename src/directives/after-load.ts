// What a press page (client:press, decision 656) fetches once it has loaded and painted: the next
// page's island chunks (worker/island-preload.ts) and the cart's Speculation Rules for the
// checkout. They wait in templates, which the browser neither fetches nor runs, so what the shopper
// sees first shares neither the connection nor the main thread with them.
// A link pressed before then (the cart's "Check out" in the first second) has its document's rules
// put in at once (decision 684): the navigation then takes the prefetch under way, as it does
// later, and the checkout is the one fetched ahead (its island hydrated after paint), not a second
// render of its own.
//
// Bundled into the inline directives that import it: keep it tiny.

import { appendOnePerTask } from './one-per-task.ts';

/** The templates a page wants moved in once it has loaded and painted. */
const AFTER_LOAD_TEMPLATE = 'template[data-after-load]';

/** A next page's document fetched ahead, in an after-load template. */
const NEXT_DOCUMENT = 'script[type="speculationrules"]';
/**
 * How long the next page's document fetched ahead has the connections to itself before the
 * chunks are asked for: the browser starts a Speculation Rules prefetch a little after the rules
 * are written, and a link's prefetch at once.
 */
export const DOCUMENT_FIRST_MS = 100;

let afterLoadPending = false;

/** Moves the templates holding (or not holding) a next page's document rules into the head, one node per task. */
function moveIn(documents: boolean): void {
  const nodes: Node[] = [];
  for (const template of document.querySelectorAll<HTMLTemplateElement>(AFTER_LOAD_TEMPLATE))
    if (!!template.content.querySelector(NEXT_DOCUMENT) === documents) {
      nodes.push(...template.content.cloneNode(true).childNodes);
      template.remove();
    }
  appendOnePerTask(nodes);
}

/**
 * Moves the page's after-load templates into the document once it has loaded and painted (a
 * page may load before its first paint); once per page, whichever press island asks first.
 */
export function fetchAfterLoad(): void {
  if (afterLoadPending) return;
  afterLoadPending = true;
  let moved = false;
  const move = () => {
    if (moved) return;
    moved = true;
    afterLoadPending = false;
    // the next page's document (Speculation Rules) first, the chunks a moment later: on HTTP/1.1's
    // six connections they took all six, and the checkout fetched ahead waited 0.4-0.6 s for one
    // (docs/decisions/659; one per task: decision 673)
    setTimeout(() => {
      moveIn(true);
      setTimeout(moveIn, DOCUMENT_FIRST_MS, false);
    }, 0);
  };
  // after the first contentful paint is on the screen (its frame's rendering, not its task), or a
  // second after the load event where the browser does not say (a hidden tab paints nothing)
  const afterPaint = () => {
    setTimeout(move, 1000);
    if (typeof PerformanceObserver !== 'function') return;
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      move();
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

/**
 * A link pressed (pointer down, touch, focus, key) before the after-load templates went in: the
 * rules that fetch its document ahead go in now, in this task, so they are in the page before the
 * click navigates. Other links, and presses once the templates went in, change nothing.
 */
export function fetchNextDocumentNow(link: HTMLAnchorElement): void {
  const wanted = JSON.stringify(new URL(link.href, location.href).pathname);
  for (const template of document.querySelectorAll<HTMLTemplateElement>(AFTER_LOAD_TEMPLATE)) {
    const rules = template.content.querySelector(NEXT_DOCUMENT);
    if (!rules?.textContent?.includes(wanted)) continue;
    template.remove();
    document.head.appendChild(rules.cloneNode(true));
  }
}
