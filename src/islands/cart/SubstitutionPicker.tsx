import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import * as v from 'valibot';
import { BASKET_PATHS, type SubstitutionPolicy } from '../../lib/basket/contracts.ts';
import { MAX_SUBSTITUTION_ITEMS } from '../../lib/basket/substitution.ts';
import { ProductResponseSchema, ProductsResponseSchema } from '../../lib/catalog/product.ts';
import { ProductSearchResponseSchema } from '../../lib/catalog/search.ts';
import { formatCents } from '../../lib/money/money.ts';
import { islandFetch } from '../shared/fetch.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { cartSubstitutionStateAtom, setCartSubstitutionAtom } from './atoms/index.ts';
import { CART_PATH } from './cart-path.ts';

// The substitution choice of a cart line (shopping §3 Cart line item, §4 Cart: the policy follows
// the items): our shopper picks, the shopper's own replacements (a picker of similar products:
// the same category at their store), or no substitution.
// Before the island runs, or without JavaScript (decision 637), the select is a plain POST form to
// the cart's line update with an "Update" button: "Best available" and "Don't substitute" work
// so; choosing replacements needs the island (the picker of similar products is a script), so that
// option is offered only to a line that has them already, and sending it keeps them.

/** The select's options: what each choice does, in the shopper's words. */
const OPTIONS: Record<SubstitutionPolicy, string> = {
  SHOPPER_CHOICE: 'Best available',
  CUSTOMER_CHOICE: 'Choose replacements',
  NONE: "Don't substitute",
};

/** How many similar products the picker offers. */
const SIMILAR_SIZE = 12;

interface Similar {
  gtin13: string;
  name: string;
  size: string;
  priceCents: number | null;
}

async function getJson<T>(path: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const response = await islandFetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return v.parse(schema, await response.json());
}

/** Products of the line's category at the shopper's store, the line itself left out. */
async function similarProducts(gtin13: string): Promise<Similar[]> {
  const { product } = (await getJson(`/atlas/v1/product/v2/products/${gtin13}`, ProductResponseSchema)).data;
  const search = await getJson(
    `/atlas/v1/search/v1/products-search?filter.taxonomies=${encodeURIComponent(product.categoryId)}&page.size=${SIMILAR_SIZE + 1}`,
    ProductSearchResponseSchema,
  );
  const upcs = search.data.productsSearch
    .map((item) => item.upc)
    .filter((upc) => upc !== gtin13)
    .slice(0, SIMILAR_SIZE);
  if (upcs.length === 0) return [];
  const { products } = (await getJson(`/atlas/v1/product/v2/products?gtins=${upcs.join(',')}`, ProductsResponseSchema))
    .data;
  return products.map((item) => ({
    gtin13: item.gtin13,
    name: item.name,
    size: item.size,
    priceCents: item.price ? (item.price.promoCents ?? item.price.regularCents) : null,
  }));
}

export interface SubstitutionPickerProps {
  gtin13: string;
  /** the line's id: the plain form pins the line the shopper saw */
  lineId: string;
  name: string;
  quantity: number;
  policy: SubstitutionPolicy;
  items: readonly string[];
  /** a quantity write is pending on the line: the choice waits for it */
  busy: boolean;
}

export function SubstitutionPicker({ gtin13, lineId, name, quantity, policy, items, busy }: SubstitutionPickerProps) {
  const hydrated = useHydrated();
  const save = useSetAtom(setCartSubstitutionAtom);
  const saving = useAtomValue(cartSubstitutionStateAtom)[gtin13];
  const [mode, setMode] = useState<SubstitutionPolicy>(policy);
  // the replacements list shows while the shopper picks (chosen in the select, or "Change")
  const [editing, setEditing] = useState(false);
  const [similar, setSimilar] = useState<{ status: 'idle' | 'loading' | 'loaded' | 'error'; products: Similar[] }>({
    status: 'idle',
    products: [],
  });
  const [chosen, setChosen] = useState<string[]>([...items]);

  const load = () => {
    if (similar.status === 'loading' || similar.status === 'loaded') return;
    setSimilar({ status: 'loading', products: [] });
    similarProducts(gtin13).then(
      (products) => setSimilar({ status: 'loaded', products }),
      () => setSimilar({ status: 'error', products: [] }),
    );
  };
  const choose = (next: SubstitutionPolicy) => {
    setMode(next);
    setEditing(next === 'CUSTOMER_CHOICE');
    if (next === 'CUSTOMER_CHOICE') load();
    else void save({ gtin13, quantity, substitutionPolicy: next, substitutionItems: [] });
  };
  const toggle = (item: string) =>
    setChosen((current) =>
      current.includes(item) ? current.filter((x) => x !== item) : [...current, item].slice(0, MAX_SUBSTITUTION_ITEMS),
    );
  const id = `substitution-${gtin13}`;
  const replacements = `${items.length} ${items.length === 1 ? 'replacement' : 'replacements'}`;
  const disabled = busy || saving === 'loading';

  return (
    <div className="cart-line__subs" data-testid="substitution-picker">
      {/* a plain form until the island runs (decision 637); then a change saves at once */}
      <form
        method="post"
        action={BASKET_PATHS.BASKET_ITEMS_UPDATE}
        className="cart-line__subs-choice"
        onSubmit={(event) => event.preventDefault()}
      >
        <input type="hidden" name="gtin13" value={gtin13} />
        <input type="hidden" name="id" value={lineId} />
        <input type="hidden" name="quantity" value={quantity} />
        <input type="hidden" name="returnTo" value={CART_PATH} />
        <label htmlFor={id}>
          If out of stock<span className="sr-only">: {name}</span>
        </label>
        <select
          id={id}
          name="substitutionPolicy"
          value={mode}
          disabled={disabled}
          data-testid="substitution-select"
          // what the server keeps (the select shows the shopper's pick until it is saved)
          data-policy={policy}
          onChange={(event) => choose(event.currentTarget.value as SubstitutionPolicy)}
        >
          {(['SHOPPER_CHOICE', 'CUSTOMER_CHOICE', 'NONE'] as const).map((option) => (
            <option
              key={option}
              value={option}
              disabled={!hydrated && option === 'CUSTOMER_CHOICE' && policy !== 'CUSTOMER_CHOICE'}
            >
              {OPTIONS[option]}
            </option>
          ))}
        </select>
        {!hydrated ? (
          <button type="submit" className="cart-line__subs-update" data-testid="substitution-update">
            Update<span className="sr-only"> substitution for {name}</span>
          </button>
        ) : null}
        {mode !== 'CUSTOMER_CHOICE' || policy !== 'CUSTOMER_CHOICE' || editing ? null : hydrated ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setEditing(true);
              load();
            }}
          >
            {replacements} · Change
          </button>
        ) : (
          // changing them needs the island's picker
          <span className="cart-line__subs-count">{replacements}</span>
        )}
      </form>
      {mode === 'CUSTOMER_CHOICE' && editing ? (
        <div className="cart-line__similar">
          {similar.status === 'loading' ? <p role="status">Finding similar products…</p> : null}
          {similar.status === 'error' ? (
            <p role="alert">
              We couldn't load similar products.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setSimilar({ status: 'idle', products: [] });
                  load();
                }}
              >
                Try again
              </button>
            </p>
          ) : null}
          {similar.status === 'loaded' && similar.products.length === 0 ? (
            <p>No similar products at your store.</p>
          ) : null}
          {similar.products.length > 0 ? (
            <fieldset disabled={disabled}>
              <legend>Pick up to {MAX_SUBSTITUTION_ITEMS}, in order of preference</legend>
              {similar.products.map((product) => (
                <label key={product.gtin13}>
                  <input
                    type="checkbox"
                    value={product.gtin13}
                    checked={chosen.includes(product.gtin13)}
                    disabled={!chosen.includes(product.gtin13) && chosen.length >= MAX_SUBSTITUTION_ITEMS}
                    onChange={() => toggle(product.gtin13)}
                  />{' '}
                  {product.name} ({product.size})
                  {product.priceCents !== null ? ` · ${formatCents(product.priceCents)}` : ''}
                </label>
              ))}
              <button
                type="button"
                onClick={() =>
                  void save({
                    gtin13,
                    quantity,
                    substitutionPolicy: 'CUSTOMER_CHOICE',
                    substitutionItems: chosen,
                  }).then((saved) => saved && setEditing(false))
                }
              >
                Save replacements
              </button>
            </fieldset>
          ) : null}
        </div>
      ) : null}
      {saving === 'error' ? (
        <p role="alert">Sorry, something went wrong with your request to update your cart.</p>
      ) : null}
      {saving === 'loaded' ? (
        <p role="status" className="cart-line__subs-status">
          Saved.
        </p>
      ) : null}
    </div>
  );
}
