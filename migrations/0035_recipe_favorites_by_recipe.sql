-- The default recipe order is the most favourited first (docs/decisions/540-recipes-a-cook-would-publish.md):
-- counting favourites per recipe reads this index, not the whole table by customer.
CREATE INDEX IF NOT EXISTS recipe_favorites_by_recipe ON recipe_favorites(recipe_id);
