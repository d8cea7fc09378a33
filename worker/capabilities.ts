import { declarationsOf, type Capability } from './capability.ts';
import { accountCapability } from './routes/account.ts';
import { addressesCapability } from './routes/addresses.ts';
import { authCapability } from './routes/auth.ts';
import { basketCapability } from './routes/basket.ts';
import { catalogCapability } from './routes/catalog.ts';
import { checkoutCapability } from './routes/checkout.ts';
import { couponsCapability } from './routes/coupons.ts';
import { errorLogCapability } from './routes/error-log.ts';
import { listsCapability } from './routes/lists.ts';
import { loyaltyCapability } from './routes/loyalty.ts';
import { preferencesCapability } from './routes/preferences.ts';
import { profileCapability } from './routes/profile.ts';
import { promotionsCapability } from './routes/promotions.ts';
import { purchasesCapability } from './routes/purchases.ts';
import { recipesCapability } from './routes/recipes.ts';
import { storesCapability } from './routes/stores.ts';
import { walletCapability } from './routes/wallet.ts';

// The one list of the edge's API areas (docs/decisions/520). A new area is its own files and its
// entry here: the app mounts it, and the API prefixes, the CSRF lists, the personal pages,
// robots.txt and tests/registry.ts take what it declares. In mount order (Hono runs handlers in
// the order they were added; no two areas answer the same request, registry.test.ts checks).

export const CAPABILITIES: readonly Capability[] = [
  authCapability,
  accountCapability,
  catalogCapability,
  basketCapability,
  promotionsCapability,
  storesCapability,
  couponsCapability,
  listsCapability,
  recipesCapability,
  addressesCapability,
  checkoutCapability,
  errorLogCapability,
  purchasesCapability,
  loyaltyCapability,
  walletCapability,
  preferencesCapability,
  profileCapability,
];

/** The edge's lists, derived from CAPABILITIES once. */
export const EDGE = declarationsOf(CAPABILITIES);
