// Part 2 of the bench: Lighthouse on every page, the median of several runs, against the floors of its kind.
import { auditMedian } from './lighthouse.mjs';
import { excludedFromSearch, lighthouseFloors } from './pages.mjs';
import { demoShopperCookie } from './sign-in.mjs';

/** Audits each of `pages` (registryPages) `runs` times; answers per page its medians and the floors it misses. */
export async function lighthousePages(baseUrl, pages, runs) {
  const results = [];
  let cookie = null;
  const robotsTxt = await fetch(`${baseUrl}/robots.txt`).then((r) => (r.ok ? r.text() : ''));
  for (const page of pages) {
    let headers;
    let excluded = null;
    if (page.needsSignIn) {
      cookie ??= await demoShopperCookie(baseUrl);
      headers = { Cookie: cookie };
    } else {
      const response = await fetch(`${baseUrl}${page.path}`); // warms the edge cache: Lighthouse sees the cached case
      excluded = excludedFromSearch({
        path: page.path,
        robotsTxt,
        html: await response.text(),
        headers: response.headers,
      });
    }
    const floors = lighthouseFloors(page, { excludedFromSearch: excluded });
    let measured;
    try {
      measured = await auditMedian(`${baseUrl}${page.path}`, {
        runs,
        headers,
        ignoreStatusCode: (page.status ?? 200) !== 200,
      });
    } catch (error) {
      // one page Lighthouse cannot audit must not cost the other parts of the run
      console.log(`  ${page.path}: ${error.message}`);
      results.push({
        name: page.name,
        path: page.path,
        kind: page.kind,
        needsSignIn: page.needsSignIn,
        floors,
        error: error.message,
        failing: [],
        warnings: [],
        misses: ['could not be audited'],
      });
      continue;
    }
    // the not-found page's own 404 in the console is its purpose, not a best-practices defect
    const excused = (category) => category === 'bestPractices' && measured.ownStatusErrorOnly;
    const misses = Object.entries(floors)
      .filter(
        ([category, floor]) =>
          floor != null && !excused(category) && (measured[category] == null || measured[category] < floor),
      )
      .map(([category, floor]) => `${category} ${measured[category]} (floor ${floor})`);
    results.push({
      name: page.name,
      path: page.path,
      kind: page.kind,
      needsSignIn: page.needsSignIn,
      excludedFromSearch: excluded,
      floors,
      ...measured,
      misses,
    });
    console.log(
      `  ${page.path}: performance ${measured.performance}, accessibility ${measured.accessibility}, best practices ${measured.bestPractices}, SEO ${measured.seo}${measured.failing.length ? `; loses points on ${measured.failing.join(', ')}` : ''}`,
    );
  }
  return results;
}
