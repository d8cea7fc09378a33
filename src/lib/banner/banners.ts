// Banner configuration: labels, theme, toggles and A/B variants. Two fictional banners; `bayside`
// is the spec's variant banner (its own club, email preference entries, no cart fetch, no
// shop-ingredients). spec: shopping §1, §4 Cart, §5 Recipes; account §9 Email preference labels.

export const BANNER_IDS = ['harvest', 'bayside'] as const;
export type BannerId = (typeof BANNER_IDS)[number];

export interface BannerToggles {
  /** spec: shopping §6 search toggles */
  searchLoadMore: boolean;
  searchSortBy: boolean;
  searchPriceFilter: boolean;
  searchSavingsFacet: boolean;
  searchSuggestionsMinChars: number;
  /** spec: shopping §4 Cart: the cart fetch is skipped for one specific banner */
  cartFetch: boolean;
  /** spec: shopping §5 Recipes: shop-ingredients disabled on one specific banner */
  shopIngredients: boolean;
  productRecommendation: boolean;
  /** spec: shopping §6 tools: the recipe pages use the newer (A-layer) family, else the older */
  isALayerEnabledForRecipes: boolean;
  /** spec: shopping §6 tools: one recipe redirected to another (from id -> to id), or null */
  redirectGrilledSteakRecipe: { from: string; to: string } | null;
  /**
   * spec: shopping §9 Monetization default NONE: search pages ask for sponsored results only when
   * the URL says `monet=SPONSORED`, unless a banner turns this on (docs/decisions/100).
   */
  sponsoredSearchByDefault: boolean;
  couponClipping: boolean;
  /** spec: shopping §6 savings toggles: the 5x coupons link, surveys and weekly ad deal details */
  fiveXCouponsLink: boolean;
  surveys: boolean;
  dealDetails: boolean;
  /** spec: account §3, §5: store-based features hidden by this toggle (A/B variant 1 with preferences shows them) */
  hideStoreBasedFeatures: boolean;
  oauthEnabled: boolean;
  alwaysPromptLogin: boolean;
  emailVerificationRequired: boolean;
  /** spec: shopping §6 checkout: the newer-layer payment cards — the checkout reads the wallet's walletV2 (balances of gift cards and SNAP/EBT beside the cards) */
  newerLayerPaymentCards: boolean;
  /** spec: shopping §6 search toggles: buy again — the products the shopper bought most, on the order history */
  searchBuyAgain: boolean;
  /** spec: shopping §6 search toggles: the seasonal carousel — the banner's seasonal products under a search's results (decision 440) */
  searchSeasonalCarousel: boolean;
  /** spec: shopping §6 search toggles: the savings carousel — what is on sale for the query, under its results */
  searchSavingsCarousel: boolean;
  /** spec: shopping §6 search toggles: shoppable top — a recipe for the query, with its ingredients to shop, above the results */
  searchShoppableTop: boolean;
}

export interface Banner {
  id: BannerId;
  name: string;
  shortName: string;
  tagline: string;
  /** spec: account §9: the variant banner has its own loyalty club */
  clubName: string | null;
  plusOffersName: string | null;
  isVariant: boolean;
  customerServicePhone: string;
  theme: { primary: string; primaryDark: string; accent: string; surface: string };
  toggles: BannerToggles;
  /** A/B test id -> variant; forwarded to the upstream as a header. */
  abTests: Record<string, number>;
  defaultLocationId: string;
  /** account §5: the geo markets (geoLocationId) where upfront timeslots may be enabled */
  upfrontTimeslotMarkets: readonly string[];
  /** The banner's divisions (migrations/0002_catalog.sql): a store cookie naming another banner's store is ignored. */
  divisions: readonly string[];
}

const BASE_TOGGLES: BannerToggles = {
  searchLoadMore: false,
  searchSortBy: true,
  searchPriceFilter: true,
  searchSavingsFacet: true,
  searchSuggestionsMinChars: 2,
  cartFetch: true,
  shopIngredients: true,
  productRecommendation: true,
  isALayerEnabledForRecipes: true,
  redirectGrilledSteakRecipe: null,
  sponsoredSearchByDefault: false,
  couponClipping: true,
  fiveXCouponsLink: false,
  surveys: false,
  dealDetails: true,
  hideStoreBasedFeatures: false,
  oauthEnabled: false,
  alwaysPromptLogin: false,
  emailVerificationRequired: false,
  newerLayerPaymentCards: true,
  searchBuyAgain: true,
  searchSeasonalCarousel: true,
  searchSavingsCarousel: true,
  searchShoppableTop: true,
};

export const BANNERS: Record<BannerId, Banner> = {
  harvest: {
    id: 'harvest',
    name: 'Harvest Market',
    shortName: 'Harvest',
    tagline: 'Fresh from the field, ready when you are',
    clubName: null,
    plusOffersName: null,
    isVariant: false,
    customerServicePhone: '1-800-555-0142',
    theme: { primary: '#1f6f3f', primaryDark: '#14502c', accent: '#f2b705', surface: '#f6f8f4' },
    toggles: {
      ...BASE_TOGGLES,
      emailVerificationRequired: true,
      fiveXCouponsLink: true,
      surveys: true,
      redirectGrilledSteakRecipe: { from: '13', to: '14' },
    },
    abTests: { 'hide-store-features': 0, 'upfront-timeslots': 1 },
    defaultLocationId: '70100101',
    upfrontTimeslotMarkets: ['geo-936', 'geo-937'],
    divisions: ['701', '703'],
  },
  bayside: {
    id: 'bayside',
    name: 'Bayside Foods',
    shortName: 'Bayside',
    tagline: 'Your neighbourhood market by the water',
    clubName: 'Bayside Club',
    plusOffersName: 'Bayside Plus Offers',
    isVariant: true,
    customerServicePhone: '1-800-555-0199',
    theme: { primary: '#0b5c8a', primaryDark: '#073f60', accent: '#e8702a', surface: '#f3f7fa' },
    toggles: {
      ...BASE_TOGGLES,
      cartFetch: false,
      shopIngredients: false,
      searchLoadMore: true,
      hideStoreBasedFeatures: true,
      isALayerEnabledForRecipes: false,
      newerLayerPaymentCards: false,
      searchBuyAgain: false,
      searchSeasonalCarousel: false,
      searchShoppableTop: false,
    },
    abTests: { 'hide-store-features': 1, 'upfront-timeslots': 0 },
    defaultLocationId: '62000201',
    upfrontTimeslotMarkets: ['geo-041'],
    divisions: ['620', '621'],
  },
};

/** True for a known banner id. `isBannerId('bayside') === true` */
export function isBannerId(value: unknown): value is BannerId {
  return typeof value === 'string' && (BANNER_IDS as readonly string[]).includes(value);
}

/**
 * Parses the BANNER_HOSTS setting: `"harvest.example=harvest,bayside.example=bayside"`.
 * Unknown banner ids and malformed entries are ignored.
 */
export function parseBannerHosts(setting: string | undefined): Map<string, BannerId> {
  const hosts = new Map<string, BannerId>();
  for (const entry of (setting ?? '').split(',')) {
    const [host, id] = entry.split('=').map((part) => part.trim().toLowerCase());
    if (host && isBannerId(id)) hosts.set(host, id);
  }
  return hosts;
}

/**
 * The banner for a request's host name: an exact host match, else a `<banner>.` prefix
 * (`bayside.localhost`), else the default. `resolveBanner('bayside.localhost:8787', hosts, 'harvest') === 'bayside'`
 */
export function resolveBanner(
  host: string | null | undefined,
  hosts: Map<string, BannerId>,
  fallback: BannerId,
): BannerId {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const exact = hosts.get(name);
  if (exact) return exact;
  const first = name.split('.')[0];
  return isBannerId(first) && name.includes('.') ? first : fallback;
}

/** The banner's theme as the page's one dynamic style element. `themeStyle(BANNERS.harvest)` starts `:root{--brand:` */
export function themeStyle(banner: Pick<Banner, 'theme'>): string {
  const { primary, primaryDark, accent, surface } = banner.theme;
  return `:root{--brand:${primary};--brand-dark:${primaryDark};--accent:${accent};--surface:${surface}}`;
}

/**
 * Parses the BANNER_ORIGINS setting: `"harvest=https://www.harvest.example,bayside=https://…"`,
 * the public origin of each banner (canonical links). Malformed entries are ignored.
 */
export function parseBannerOrigins(setting: string | undefined): Map<BannerId, string> {
  const origins = new Map<BannerId, string>();
  for (const entry of (setting ?? '').split(',')) {
    const at = entry.indexOf('=');
    const id = entry.slice(0, at).trim().toLowerCase();
    try {
      const url = new URL(entry.slice(at + 1).trim());
      if (at > 0 && isBannerId(id) && (url.protocol === 'https:' || url.protocol === 'http:'))
        origins.set(id, url.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}

/** Host names every deployment answers for: this machine, for development and tests. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|[a-z0-9-]+\.localhost)$/;

/**
 * True when the edge serves this Host: one of BANNER_HOSTS, the host of a BANNER_ORIGINS entry, or
 * a loopback name. Any other host is refused, so no client-chosen Host reaches a page.
 * `isServedHost('evil.example:443', hosts, origins) === false`
 */
export function isServedHost(host: string, hosts: Map<string, BannerId>, origins: Map<BannerId, string>): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (LOOPBACK_HOST.test(name) || hosts.has(name)) return true;
  return [...origins.values()].some((origin) => new URL(origin).hostname === name);
}
