-- The shopper's chosen replacements per cart line (shopping §3 Cart line item substitutionItems,
-- §4 Cart: with substitutionItems the policy is CUSTOMER_CHOICE). A comma list of gtin13s, at most
-- MAX_SUBSTITUTION_ITEMS (src/lib/basket/substitution.ts); '' when none.
ALTER TABLE basket_items ADD COLUMN substitution_items TEXT NOT NULL DEFAULT '';
