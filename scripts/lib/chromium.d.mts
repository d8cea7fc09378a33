// Types for chromium.mjs (imported by playwright.config.ts and the bench).
export declare const DEFAULT_CHROMIUM: string;
export declare const CHROMIUM_FLAGS: string[];
export declare function chromiumPath(): string;
export declare function journeyChromiumPath(): string;
export declare function hasChromium(path?: string): boolean;
