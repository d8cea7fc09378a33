// Types for pages.mjs (imported by the journeys' fixtures, tests/e2e/fixtures.ts).
import type { PageEntry, PageKind } from '../tests/registry.ts';

export declare const PERFORMANCE_FLOOR: Record<PageKind, number>;
export interface LighthouseFloors {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number | null;
}
export declare function lighthouseFloors(
  page: PageEntry,
  options?: { excludedFromSearch?: string | null },
): LighthouseFloors;
export declare function excludedFromSearch(page: {
  path: string;
  robotsTxt: string;
  html: string;
  headers: Headers;
}): 'robots.txt' | 'noindex' | null;
/** A registry page with its placeholders resolved; registryPath is the path as registered. */
export type ResolvedPage = PageEntry & { registryPath: string };
export declare function registryPages(baseUrl: string): Promise<ResolvedPage[]>;
export declare function firstMilk(baseUrl: string): Promise<{ gtin: string; slug: string }>;
