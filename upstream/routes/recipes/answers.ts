import type { Context } from 'hono';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { RECIPE_PAGE_SIZE } from '../../../src/lib/recipes/recipes.ts';
import { OldPageQuerySchema } from '../../../src/lib/recipes/requests.ts';
import type { UpstreamEnv } from '../../context.ts';
import { compactView, favoriteIds, listMeta, searchRecipes, type RecipeQuery } from '../../db/recipes.ts';
import { parseQuery } from '../../validate.ts';

// What the recipe handlers of both API families share (docs/decisions/310-recipes.md): the caller,
// the path's recipe id, a page of recipes, and the older family's paging and answer shape.

export type RecipeContext = Context<UpstreamEnv>;

export const csv = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
        .slice(0, 20)
    : undefined;
export const customerOf = (c: RecipeContext) => c.get('call').customer?.customerGUID ?? null;

export function requireOwnGuid(c: RecipeContext): string {
  const customerGUID = customerOf(c);
  if (!customerGUID) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your recipes', 401);
  if (c.req.param('customerGUID') !== customerGUID)
    throw new HttpError(ERROR_CODES.FORBIDDEN, 'These recipes are not yours', 403);
  return customerGUID;
}

export async function answerList(c: RecipeContext, where: RecipeQuery) {
  const [{ rows, total }, favorites] = await Promise.all([
    searchRecipes(c.env.DB, where),
    favoriteIds(c.env.DB, customerOf(c)),
  ]);
  return { recipes: rows.map((row) => compactView(row, favorites)), meta: listMeta(total, where.offset, where.size) };
}

export const recipeId = (raw: string | undefined) => {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such recipe', 404);
  return Number(raw);
};

const OldPageSchema = OldPageQuerySchema;
export const oldPage = (c: RecipeContext) => {
  const q = parseQuery(c, OldPageSchema);
  // shopping §9: 1-based pages; a page or size below 1 was refused by the schema
  const size = q.pageSize ?? RECIPE_PAGE_SIZE;
  return { size, offset: ((q.page ?? 1) - 1) * size };
};
export const oldAnswer = (answer: { recipes: unknown[]; meta: ReturnType<typeof listMeta> }) => ({
  recipes: answer.recipes,
  metadata: { totalRecipes: answer.meta.totalRecipes, totalPages: answer.meta.totalPages },
});
