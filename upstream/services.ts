import type { Hono } from 'hono';
import type { UpstreamEnv } from './context.ts';
import { accountService } from './routes/account.ts';
import { addressesService } from './routes/addresses.ts';
import { basketService } from './routes/basket.ts';
import { catalogService } from './routes/catalog.ts';
import { checkoutService } from './routes/checkout.ts';
import { couponsService } from './routes/coupons.ts';
import { identityService } from './routes/identity.ts';
import { listsService } from './routes/lists.ts';
import { loyaltyService } from './routes/loyalty.ts';
import { preferencesService } from './routes/preferences.ts';
import { profileService } from './routes/profile.ts';
import { promotionsService } from './routes/promotions.ts';
import { purchasesService } from './routes/purchases.ts';
import { recipesService } from './routes/recipes.ts';
import { storesService } from './routes/stores.ts';
import { walletBalancesService } from './routes/wallet-balances.ts';
import { walletService } from './routes/wallet.ts';

// The one list of the reference upstream's services (docs/decisions/520), the upstream's
// counterpart of worker/capabilities.ts: the upstream never imports the worker and the worker
// never imports the upstream, so each side lists its own modules. In mount order.

export const SERVICES: ReadonlyArray<Hono<UpstreamEnv>> = [
  identityService,
  accountService,
  catalogService,
  basketService,
  checkoutService,
  purchasesService,
  loyaltyService,
  promotionsService,
  storesService,
  couponsService,
  listsService,
  recipesService,
  addressesService,
  walletService,
  walletBalancesService,
  preferencesService,
  profileService,
];
