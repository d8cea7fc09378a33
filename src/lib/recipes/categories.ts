import type { RecipeCategories } from './recipes.ts';

// The static recipe category schema (shopping §7: the fallback when the categories call fails),
// and the facts the seed draws from. The upstream answers the same schema from its data.

const sub = (id: string, name: string) => ({ subcategoryId: id, displayName: name, databaseSubcategories: [id] });

export const CUISINES = [
  sub('american', 'American'),
  sub('italian', 'Italian'),
  sub('mexican', 'Mexican'),
  sub('asian', 'Asian'),
  sub('mediterranean', 'Mediterranean'),
] as const;
export const MEAL_TYPES = [
  sub('breakfast', 'Breakfast'),
  sub('lunch', 'Lunch'),
  sub('dinner', 'Dinner'),
  sub('dessert', 'Dessert'),
  sub('snack', 'Snacks'),
] as const;
export const RESTRICTIONS = [
  sub('vegetarian', 'Vegetarian'),
  sub('vegan', 'Vegan'),
  sub('gluten-free', 'Gluten Free'),
  sub('dairy-free', 'Dairy Free'),
] as const;
export const COLLECTIONS = [
  sub('weeknight-dinners', 'Weeknight Dinners'),
  sub('holiday-baking', 'Holiday Baking'),
  sub('grill-season', 'Grill Season'),
  sub('one-pot', 'One-Pot Meals'),
] as const;
/** The category whose filter switches to the collection endpoint (shopping §7). */
export const COLLECTION_CATEGORY = 'recipe-collections';

export const STATIC_RECIPE_CATEGORIES: RecipeCategories = {
  filterCategories: [
    {
      categoryId: 'cuisine',
      isDisplayed: true,
      databaseCategory: 'cuisine',
      displayName: 'Cuisine',
      subcategories: [...CUISINES],
    },
    {
      categoryId: 'meal-type',
      isDisplayed: true,
      databaseCategory: 'mealType',
      displayName: 'Meal Type',
      subcategories: [...MEAL_TYPES],
    },
    {
      categoryId: COLLECTION_CATEGORY,
      isDisplayed: true,
      databaseCategory: 'collection',
      displayName: 'Recipe Collections',
      subcategories: [...COLLECTIONS],
    },
  ],
  restrictionCategories: [
    {
      categoryId: 'dietary',
      isDisplayed: true,
      databaseCategory: 'dietaryRestrictions',
      displayName: 'Dietary Needs',
      subcategories: [...RESTRICTIONS],
    },
  ],
};
