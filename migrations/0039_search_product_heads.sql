-- Issue 23 §4 (docs/decisions/613-heads-written-with-the-catalog.md): each product's head and
-- foreign food (upstream/db/search-relevance.ts productHead, foreignFoodOf), written with the
-- search_heads snapshot they are computed against (upstream/seed/seed.ts), so an index build reads
-- them instead of deriving them from every name: a new isolate's first search built its partial
-- index in 46-75 ms, most of it these two. NULL where not written (a product inserted or changed
-- after the snapshot: the products triggers of 0002 write its row again without them): the index
-- then derives them from the name, as before.
ALTER TABLE product_search ADD COLUMN head TEXT;
ALTER TABLE product_search ADD COLUMN foreign_food TEXT;
