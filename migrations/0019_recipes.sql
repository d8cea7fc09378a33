-- Recipes (issue 10; shopping §3 Recipe): the chain's recipes with their ingredients matched to
-- catalog gtins, collections, and each customer's favourites and recent views. Full-text search
-- over title, description and ingredients (FTS5). docs/decisions/310-recipes.md
CREATE TABLE recipes (
  recipe_id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  serving_size TEXT NOT NULL,
  total_minutes INTEGER NOT NULL,
  cook_minutes INTEGER NOT NULL,
  prep_minutes INTEGER NOT NULL,
  hands_on_minutes INTEGER NOT NULL,
  cuisine TEXT NOT NULL,
  meal_type TEXT NOT NULL,
  difficulty TEXT NOT NULL,
  meal_course TEXT NOT NULL,
  -- comma list (src/lib/recipes/categories.ts RESTRICTIONS)
  restrictions TEXT NOT NULL DEFAULT '',
  collection_id TEXT,
  ingredient_count INTEGER NOT NULL,
  -- JSON: [{ token, summary, products: [gtin13] }], [{ index, text }], { calories: '…', … }
  ingredients TEXT NOT NULL,
  steps TEXT NOT NULL,
  nutrition TEXT NOT NULL,
  keywords TEXT NOT NULL DEFAULT '',
  palette INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX recipes_by_cuisine ON recipes(cuisine, meal_type);
CREATE INDEX recipes_by_collection ON recipes(collection_id) WHERE collection_id IS NOT NULL;

CREATE VIRTUAL TABLE recipe_fts USING fts5(title, description, ingredients, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

CREATE TABLE recipe_favorites (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  recipe_id INTEGER NOT NULL REFERENCES recipes(recipe_id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, recipe_id)
) WITHOUT ROWID;

CREATE TABLE recipe_recent_views (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  recipe_id INTEGER NOT NULL REFERENCES recipes(recipe_id) ON DELETE CASCADE,
  viewed_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, recipe_id)
) WITHOUT ROWID;
