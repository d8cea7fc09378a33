import * as v from 'valibot';
import type { ProductRequest } from '../../lib/catalog/product-requests.ts';
import { ProductsResponseSchema, type ProductOutput } from '../../lib/catalog/product.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';

// spec: account §7 Product fetch (query gtins, projections). The edge route is the catalog's.

export const PRODUCTS_PATH = '/atlas/v1/product/v2/products';

export class ProductApiError extends Error {
  /** HTTP status, or null when the network failed */
  readonly status: number | null;
  constructor(status: number | null, reason: string) {
    super(reason);
    this.name = 'ProductApiError';
    this.status = status;
  }
}

/** The URL of one product call. `productsUrl({ gtins: ['a', 'b'], projections: ['full'] }) === '/atlas/v1/product/v2/products?gtins=a%2Cb&projections=full'` */
export function productsUrl(request: ProductRequest): string {
  const query = new URLSearchParams({ gtins: request.gtins.join(',') });
  if (request.projections.length > 0) query.set('projections', request.projections.join(','));
  return `${PRODUCTS_PATH}?${query}`;
}

/** Fetches products by GTIN; the answer is validated against the shared contract. */
export async function fetchProducts(request: ProductRequest): Promise<ProductOutput[]> {
  let response: Response;
  try {
    response = await fetch(productsUrl(request), { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ProductApiError(null, error instanceof Error ? error.message : 'Network Error');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, payload);
    throw new ProductApiError(response.status, parsed.success ? (parsed.output.errors[0]?.reason ?? '') : `HTTP ${response.status}`);
  }
  const parsed = v.safeParse(ProductsResponseSchema, payload);
  if (!parsed.success) throw new ProductApiError(response.status, 'Unexpected product response');
  return parsed.output.data.products;
}
