import type { BasketOutput } from '../../lib/basket/contracts.ts';

// Personal parts filled late (issue 7 §2, docs/decisions/075): pages not personal by nature are
// the same cached HTML for everyone; after load, src/components/personal-parts.ts asks who the
// shopper is and, when signed in, fetches the basket once and announces it with PERSONAL_EVENT.
// Islands that hydrate then take that basket instead of fetching it again. The names are
// repeated, literally, in src/directives/*.ts, which may import nothing.

/** Dispatched on window once a signed-in shopper's personal data is in. */
const PERSONAL_EVENT = 'hm:personal';

interface LatePersonal {
  __hmPersonal?: boolean;
  __hmBasket?: BasketOutput | null;
}

/** Records the personal data and tells the page (the directives hydrate what it concerns). */
export function announcePersonal(basket: BasketOutput | null): void {
  const scope = globalThis as LatePersonal;
  scope.__hmBasket = basket;
  scope.__hmPersonal = true;
  globalThis.dispatchEvent(new Event(PERSONAL_EVENT));
}

/** The basket the personal call fetched, if any. */
export function lateBasket(): BasketOutput | null {
  return (globalThis as LatePersonal).__hmBasket ?? null;
}
