-- Issue 23 §1 (docs/decisions/530-grocery-relevance.md): what each product head is across the
-- store, for ranking. A head is the word that says what a product is (upstream/db/search-relevance.ts
-- productHead: "Bananas", "Puree"); `departments` holds a bit per department whose products have
-- that head. Search reads it with the index, whole or partial, so a product described by another
-- department's head ("Strawberry Yogurt", "Salmon Cat Food") ranks alike in both. A snapshot
-- like search_vocabulary: the seed writes it after loading products (upstream/seed/seed.ts).
CREATE TABLE search_heads (
  head TEXT PRIMARY KEY,
  departments INTEGER NOT NULL
) WITHOUT ROWID;

-- Cached with the index's version, as the vocabulary is (0005).
CREATE TRIGGER search_state_heads_insert AFTER INSERT ON search_heads BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_heads_delete AFTER DELETE ON search_heads BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
