import { Hono } from 'hono';
import {
  AddItemRequestSchema,
  BASKET_PATHS,
  BasketItemsUpdateRequestSchema,
  ChangeModalityRequestSchema,
  PutBasketRequestSchema,
  RemoveItemsRequestSchema,
  UpdateItemRequestSchema,
} from '../../src/lib/basket/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { SHOPPING_MESSAGES } from '../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { parseBody } from '../validate.ts';
import { activeBasket, storedLines, type StoredLine } from '../db/basket.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { newLine, normalizeSubstitutionOf, substitutionOf } from './basket/lines.ts';
import { answerBasket, customerOf, modalityOf, mutate } from './basket/mutate.ts';

// The basket service (shopping §3-§5, §7 Cart). Every call needs a live session; writes honour
// Idempotency-Key (upstream/db/idempotency.ts) and If-Match (the basket version as eTag).
// docs/decisions/030-cart.md
// The handlers are here; one write and the lines it builds are in ./basket/.

export const basketService = new Hono<UpstreamEnv>();
basketService.use('/basket/api/*', requireCustomer());

basketService.get(BASKET_PATHS.BASKET, async (c) => {
  const customer = customerOf(c);
  const basket = await activeBasket(c.env.DB, customer.customerGUID, c.get('call').banner, modalityOf(c));
  const data = await answerBasket(c, basket, await storedLines(c.env.DB, basket.id));
  c.header('ETag', data.eTag);
  return c.json({ data }, 200);
});

basketService.post(BASKET_PATHS.ADD_ITEM, async (c) => {
  const input = await parseBody(c, AddItemRequestSchema);
  return mutate(c, input, async (before, modality) => {
    const existing = before.find((line) => line.gtin13 === input.gtin13);
    if (!existing)
      return [
        ...before,
        newLine(input.gtin13, input.quantity, input.substitutionPolicy, input.modalityType ?? modality),
      ];
    return before.map((line) => (line === existing ? { ...line, quantity: line.quantity + input.quantity } : line));
  });
});

basketService.post(BASKET_PATHS.UPDATE_ITEM, async (c) => {
  const input = await parseBody(c, UpdateItemRequestSchema);
  return mutate(c, input, async (before) => {
    const existing = before.find((line) => line.gtin13 === input.gtin13);
    if (!existing) throw new HttpError(ERROR_CODES.NOT_FOUND, `The cart has no item ${input.gtin13}`, 404);
    // spec: shopping §4 Cart: a quantity of 0 becomes a removal
    if (input.quantity === 0) return before.filter((line) => line !== existing);
    const substitution = await substitutionOf(c, existing, input);
    return before.map((line) => (line === existing ? { ...line, quantity: input.quantity, ...substitution } : line));
  });
});

basketService.post(BASKET_PATHS.REMOVE_ITEM, async (c) => {
  const input = await parseBody(c, RemoveItemsRequestSchema);
  const removed = new Set(input.gtin13s);
  return mutate(c, input, async (before) => before.filter((line) => !removed.has(line.gtin13)));
});

basketService.put(BASKET_PATHS.BASKET, async (c) => {
  const input = await parseBody(c, PutBasketRequestSchema);
  return mutate(c, input, async (before, modality) => {
    const byGtin = new Map(before.map((line) => [line.gtin13, line]));
    // spec: shopping §4 Cart: a quantity of 0 becomes a removal (the line is left out)
    return input.lineItems.flatMap((item, index) => {
      if (item.quantity === 0) return [];
      const old = byGtin.get(item.gtin13);
      const modalityType = item.modalityType ?? old?.modalityType ?? modality;
      return [
        old
          ? { ...old, quantity: item.quantity, ...normalizeSubstitutionOf(old, item.substitutionPolicy), modalityType }
          : newLine(item.gtin13, item.quantity, item.substitutionPolicy ?? 'SHOPPER_CHOICE', modalityType, index),
      ];
    });
  });
});

// spec: shopping §7 Cart, the older update path: several lines at once; a line pinned by `id`
// that is no longer that line (changed on another device) refuses the whole update with 409 and
// the spec's message (§8 Cart line-item id mismatch).
basketService.post(BASKET_PATHS.BASKET_ITEMS_UPDATE, async (c) => {
  const input = await parseBody(c, BasketItemsUpdateRequestSchema);
  return mutate(c, input, async (before) => {
    const byGtin = new Map(before.map((line) => [line.gtin13, line]));
    for (const item of input.items) {
      const line = byGtin.get(item.gtin13);
      if (item.id !== undefined && line?.id !== item.id) {
        throw new HttpError(ERROR_CODES.CONFLICT, SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH, 409, [item.gtin13]);
      }
      if (!line) throw new HttpError(ERROR_CODES.NOT_FOUND, `The cart has no item ${item.gtin13}`, 404);
    }
    const changes = new Map(input.items.map((item) => [item.gtin13, item]));
    const substitutions = new Map<string, Pick<StoredLine, 'substitutionPolicy' | 'substitutionItems'>>();
    for (const item of input.items) {
      const line = byGtin.get(item.gtin13);
      if (line && item.quantity > 0) substitutions.set(item.gtin13, await substitutionOf(c, line, item));
    }
    return before.flatMap((line) => {
      const change = changes.get(line.gtin13);
      if (!change) return [line];
      // spec: shopping §4 Cart: a quantity of 0 becomes a removal
      if (change.quantity === 0) return [];
      return [{ ...line, quantity: change.quantity, ...substitutions.get(line.gtin13) }];
    });
  });
});

// The cart's modality switch (shopping §3 Cart changeBasketModality, §8 Cart): the basket and every
// line move to the new modality; lines not offered for it (or not sold at the store) come back
// with eligible false, so the cart page marks them. Nothing is removed: the shopper decides.
basketService.post(BASKET_PATHS.CHANGE_MODALITY, async (c) => {
  const input = await parseBody(c, ChangeModalityRequestSchema);
  return mutate(
    c,
    input,
    async (before) => before.map((line) => ({ ...line, modalityType: input.modalityType })),
    input.modalityType,
  );
});
