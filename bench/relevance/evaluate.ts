// Runs the judged queries through a search and scores them: nDCG@10 and the share of queries
// whose first result is right, per banner and per kind. `search` is the real upstream (the
// integration test through app.request, bench/search-relevance.ts through Miniflare).
import { BANNERS, JUDGED_QUERIES } from './queries.ts';
import { firstRight, grade, ndcg, type JudgedProduct, type JudgedQuery } from './judge.ts';

export type Banner = (typeof BANNERS)[number];
export type RelevanceSearch = (query: string, banner: Banner) => Promise<readonly { gtin13: string; name: string }[]>;

interface QueryResult {
  q: string;
  banner: Banner;
  kind: JudgedQuery['kind'];
  ndcg: number;
  firstRight: boolean;
  top: string[];
}

export interface RelevanceReport {
  queries: number;
  ndcg: number;
  firstRight: number;
  byBanner: Record<string, { ndcg: number; firstRight: number }>;
  byKind: Record<string, { ndcg: number; firstRight: number }>;
  results: QueryResult[];
}

/** Products a banner sells (the private labels of the other banner are left out). */
export type SoldAt = (product: JudgedProduct, banner: Banner) => boolean;

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (value: number) => Math.round(value * 1000) / 1000;
function summary(results: readonly QueryResult[]) {
  return {
    ndcg: round(mean(results.map((r) => r.ndcg))),
    firstRight: round(mean(results.map((r) => (r.firstRight ? 1 : 0)))),
  };
}

/** Scores every judged query on both banners against `catalog` (the seeded products). */
export async function evaluateRelevance(
  search: RelevanceSearch,
  catalog: readonly JudgedProduct[],
  soldAt: SoldAt,
  queries: readonly JudgedQuery[] = JUDGED_QUERIES,
): Promise<RelevanceReport> {
  const byGtin = new Map(catalog.map((product) => [product.gtin13, product]));
  const results: QueryResult[] = [];
  for (const banner of BANNERS) {
    const sold = catalog.filter((product) => soldAt(product, banner));
    for (const query of queries) {
      const allGrades = sold.map((product) => grade(query, product));
      const found = await search(query.q, banner);
      const grades = found.map((hit) => {
        const product = byGtin.get(hit.gtin13);
        return product ? grade(query, product) : 0;
      });
      results.push({
        q: query.q,
        banner,
        kind: query.kind,
        ndcg: ndcg(grades, allGrades),
        firstRight: firstRight(grades, allGrades),
        top: found.slice(0, 3).map((hit) => hit.name),
      });
    }
  }
  const group = (key: (r: QueryResult) => string) => {
    const groups: Record<string, QueryResult[]> = {};
    for (const result of results) (groups[key(result)] ??= []).push(result);
    return Object.fromEntries(Object.entries(groups).map(([name, list]) => [name, summary(list)]));
  };
  return {
    queries: results.length,
    ...summary(results),
    byBanner: group((r) => r.banner),
    byKind: group((r) => r.kind),
    results,
  };
}
