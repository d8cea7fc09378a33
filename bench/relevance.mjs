// Search relevance (issue 23 §1): the judged queries of bench/relevance/ through the real edge
// app and upstream on a seeded D1 (5,000 products), run as the integration test that holds them
// to a floor (tests/integration/search-relevance.test.ts); this reads the figures it prints.
import { run } from '../scripts/lib/proc.mjs';

export const RELEVANCE_TEST = 'tests/integration/search-relevance.test.ts';

/** Runs the relevance test and returns { ndcg, firstRight, queries, byBanner, byKind, passed }. */
export async function measureRelevance() {
  let out;
  let passed = true;
  try {
    out = await run('npx', ['vitest', 'run', '--project', 'integration', RELEVANCE_TEST], { capture: true });
  } catch (error) {
    passed = false; // below the floor: the figures are still printed
    out = String(error.output ?? error.message ?? error);
  }
  const line = out.split('\n').find((text) => text.includes('relevance: {'));
  if (!line) throw new Error(`${RELEVANCE_TEST} printed no figures:\n${out.slice(-1000)}`);
  return { ...JSON.parse(line.slice(line.indexOf('{'))), passed };
}

export function printRelevance(r) {
  console.table([
    ...Object.entries(r.byBanner).map(([banner, f]) => ({
      group: `banner ${banner}`,
      'nDCG@10': f.ndcg,
      'first right': f.firstRight,
    })),
    ...Object.entries(r.byKind).map(([kind, f]) => ({ group: kind, 'nDCG@10': f.ndcg, 'first right': f.firstRight })),
    { group: `all (${r.queries} query runs)`, 'nDCG@10': r.ndcg, 'first right': r.firstRight },
  ]);
  console.log(`  floor (${RELEVANCE_TEST}): ${r.passed ? 'held' : 'BROKEN'}`);
}
