import * as v from 'valibot';
import { Gtin13Schema, type Modality } from '../catalog/product.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type BasketOutput, type SubstitutionPolicy } from './contracts.ts';

// "Add all to cart" (a recipe's ingredients, a past order's reorder; docs/decisions/030-cart.md and
// 634): the items go into the cart in one cart PUT, one more of each (or the quantity given) on top
// of what the cart holds. One merge for the island and for the edge's plain form.

export interface AddAllItem {
  gtin13: string;
  quantity?: number | undefined;
}

export interface PutLine {
  gtin13: string;
  quantity: number;
  substitutionPolicy: SubstitutionPolicy;
  modalityType: Modality;
}

/**
 * The cart's lines with the items added, in the cart's order and the new ones after it; a line
 * never goes past the most a line may hold.
 * `linesWithAdds({ modality: 'PICKUP', lineItems: [milk×2] }, [{ gtin13: milk }, { gtin13: eggs }])` -> milk×3, eggs×1
 */
export function linesWithAdds(
  basket: Pick<BasketOutput, 'modality' | 'lineItems'>,
  items: readonly AddAllItem[],
): PutLine[] {
  const lines = new Map<string, PutLine>(
    basket.lineItems.map((line) => [
      line.gtin13,
      {
        gtin13: line.gtin13,
        quantity: line.quantity,
        substitutionPolicy: line.substitutionPolicy,
        modalityType: line.modalityType,
      },
    ]),
  );
  for (const item of items) {
    const held = lines.get(item.gtin13);
    const more = item.quantity ?? 1;
    lines.set(
      item.gtin13,
      held
        ? { ...held, quantity: Math.min(held.quantity + more, MAX_LINE_QUANTITY) }
        : {
            gtin13: item.gtin13,
            quantity: Math.min(more, MAX_LINE_QUANTITY),
            substitutionPolicy: 'SHOPPER_CHOICE',
            modalityType: basket.modality,
          },
    );
  }
  return [...lines.values()];
}

const FormQuantitySchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(MAX_LINE_QUANTITY),
);

/**
 * The plain "add all" form's items: `gtin13` repeated, and `quantity` either absent or one for
 * each (1 to 999); at most a cart's lines. Null when the form is not that.
 * `addAllFormItems({ gtin13: ['…1', '…2'] })` -> [{ gtin13: '…1' }, { gtin13: '…2' }]
 */
export function addAllFormItems(fields: Readonly<Record<string, string | string[]>>): AddAllItem[] | null {
  const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
  const gtins = list(fields.gtin13);
  const quantities = list(fields.quantity);
  if (gtins.length === 0 || gtins.length > MAX_CART_LINES) return null;
  if (quantities.length !== 0 && quantities.length !== gtins.length) return null;
  const items: AddAllItem[] = [];
  for (const [index, gtin13] of gtins.entries()) {
    if (!v.is(Gtin13Schema, gtin13)) return null;
    const quantity = quantities[index];
    if (quantity === undefined) {
      items.push({ gtin13 });
      continue;
    }
    const parsed = v.safeParse(FormQuantitySchema, quantity);
    if (!parsed.success) return null;
    items.push({ gtin13, quantity: parsed.output });
  }
  return items;
}
