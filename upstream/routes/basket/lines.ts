import type { Modality } from '../../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { normalizeSubstitution } from '../../../src/lib/basket/substitution.ts';
import { catalogItems, type StoredLine } from '../../db/basket.ts';
import type { BasketContext } from './mutate.ts';

// The lines a basket write builds: a new line, and a line's substitution after a change.

/**
 * A line's substitution after a change, by the spec's rule (src/lib/basket/substitution.ts); the
 * chosen replacements must be catalog items.
 */
export async function substitutionOf(
  c: BasketContext,
  line: StoredLine,
  asked: {
    substitutionPolicy?: StoredLine['substitutionPolicy'] | undefined;
    substitutionItems?: string[] | undefined;
  },
): Promise<Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'>> {
  const { policy, items } = normalizeSubstitution(
    line.gtin13,
    { policy: asked.substitutionPolicy, items: asked.substitutionItems },
    { policy: line.substitutionPolicy, items: line.substitutionItems },
  );
  if (asked.substitutionItems?.length) {
    const catalog = await catalogItems(c.env.DB, items, c.get('call').locationId);
    const unknown = items.find((gtin13) => !catalog.has(gtin13));
    if (unknown) throw new HttpError(ERROR_CODES.NOT_FOUND, `No product with gtin13 ${unknown}`, 404, [unknown]);
  }
  return { substitutionPolicy: policy, substitutionItems: items };
}

/**
 * The cart PUT names a policy only: an existing line keeps its chosen items while it stays
 * CUSTOMER_CHOICE, and keeps its policy and items when the PUT names none.
 */
export function normalizeSubstitutionOf(
  line: StoredLine,
  policy: StoredLine['substitutionPolicy'] | undefined,
): Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'> {
  const out = normalizeSubstitution(
    line.gtin13,
    { policy },
    { policy: line.substitutionPolicy, items: line.substitutionItems },
  );
  return { substitutionPolicy: out.policy, substitutionItems: out.items };
}

export function newLine(
  gtin13: string,
  quantity: number,
  substitutionPolicy: StoredLine['substitutionPolicy'],
  modalityType: Modality,
  order = 0,
): StoredLine {
  // `order` keeps the lines of one PUT in the order given (lines are listed oldest first)
  return {
    id: crypto.randomUUID(),
    gtin13,
    quantity,
    // a new line has no chosen items yet: CUSTOMER_CHOICE without them is SHOPPER_CHOICE (shopping §4)
    substitutionPolicy: normalizeSubstitution(
      gtin13,
      { policy: substitutionPolicy },
      { policy: 'SHOPPER_CHOICE', items: [] },
    ).policy,
    substitutionItems: [],
    modalityType,
    created: Date.now() + order,
  };
}
