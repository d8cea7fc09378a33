// Bindings and settings of the edge worker (wrangler.jsonc `vars`, secrets, bindings).
interface Env {
  /** D1 database of the reference upstream (used when UPSTREAM is "embedded"). */
  DB: D1Database;
  ASSETS: Fetcher;
  /** "embedded" (reference upstream in-process), "service" (the UPSTREAM_SERVICE binding) or an https origin. */
  UPSTREAM: string;
  UPSTREAM_SERVICE?: Fetcher;
  /** Sent to a remote upstream so it can trust only the edge. */
  UPSTREAM_SHARED_SECRET?: string;
  UPSTREAM_TIMEOUT_MS?: string;
  /** The build's id (scripts pass the build stamp; a deployment its commit): part of the page cache key. */
  BUILD_ID?: string;
  /** Secret: "kid:base64url-key,kid:key" — the first signs, all verify (rotation). */
  SESSION_KEYS?: string;
  /** Secret of the embedded upstream: the EBT private key as a JWK; unset, development only (docs/decisions/460). */
  EBT_PRIVATE_KEY_JWK?: string;
  /** Secret of the embedded upstream: the key of the wallet's card number and PIN hashes, 32+ characters (docs/decisions/460). */
  WALLET_HASH_KEY?: string;
  DEFAULT_BANNER?: string;
  BANNER_HOSTS?: string;
  /** The public origin of each banner, "harvest=https://…,bayside=https://…": canonical links. */
  BANNER_ORIGINS?: string;
  /** "development" allows the ?banner= override cookie; anything else ignores it. */
  ENVIRONMENT?: string;
  /** Seconds an anonymous page may be cached at the edge. */
  PAGE_CACHE_SECONDS?: string;
  /** A real image service's URL template with {gtin13} (and {width}) in place of the generated images (src/lib/catalog/product-image.ts). */
  PRODUCT_IMAGE_URL?: string;
}
