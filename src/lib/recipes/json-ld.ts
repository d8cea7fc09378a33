import { servings, stripPlaceholders, type RecipeFull } from './recipes.ts';

// The schema.org Recipe of a recipe page (issue 10 §4): what search engines and the apps
// marketing shares to read. https://schema.org/Recipe

export function recipeJsonLd(recipe: RecipeFull, origin: string, canonicalPath: string): Record<string, unknown> {
  const serves = servings(recipe.servingSize);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    url: new URL(canonicalPath, origin).href,
    image: recipe.imageSet.map((image) => new URL(image.url, origin).href),
    description: stripPlaceholders(recipe.description),
    recipeYield: serves ? (serves.label === 'Serves' ? `${serves.value} servings` : serves.value) : undefined,
    prepTime: recipe.prepTime,
    cookTime: recipe.cookTime,
    totalTime: recipe.totalTime,
    recipeIngredient: recipe.ingredientProducts.ingredients.map((ingredient) => ingredient.summary),
    recipeInstructions: recipe.steps.map((step) => ({ '@type': 'HowToStep', position: step.index, text: step.text })),
    nutrition: {
      '@type': 'NutritionInformation',
      ...Object.fromEntries(
        Object.entries(recipe.nutrition).map(([key, value]) => [key, key === 'calories' ? `${value} calories` : value]),
      ),
    },
    recipeCategory: recipe.mealCourse,
    recipeCuisine: recipe.categories[0]?.category,
    keywords: recipe.keywords.join(', '),
    suitableForDiet: recipe.dietaryRestrictions.map((diet) => DIETS[diet]).filter(Boolean),
  };
}

const DIETS: Record<string, string> = {
  vegetarian: 'https://schema.org/VegetarianDiet',
  vegan: 'https://schema.org/VeganDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
};

/** JSON for a <script> element: '<' escaped so the text cannot close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
