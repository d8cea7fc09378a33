-- docs/decisions/624-address-types-returns-and-fulfillment-types.md: a default address used to take
-- the default from the shopper's others by removing it from their types, so an address whose only
-- type was default was left with none ('') and the whole address book failed to read. Such an
-- address becomes a delivery address (what the upstream now does itself when it takes the default).
UPDATE customer_addresses SET types = 'delivery' WHERE trim(types, ', ') = '';
