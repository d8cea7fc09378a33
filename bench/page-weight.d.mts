// Types for page-weight.mjs (imported by the journeys' budget check, tests/e2e/pages.spec.ts).
import type { Browser, Page, Response } from '@playwright/test';

export interface InlineScript {
  type: string;
  text: string;
}
export declare function javaScriptGzip(
  responses: readonly Response[],
  inline: readonly InlineScript[],
): Promise<{ bytes: number; files: number; inlineBytes: number }>;
export declare function inlineScripts(page: Page): Promise<InlineScript[]>;
export declare function quietNetwork(page: Page): () => Promise<void>;
export declare function measurePages(browser: Browser, baseUrl: string, pages: readonly unknown[]): Promise<unknown[]>;
