// Types for dev-vars.mjs (used by its test).
export declare function newSessionKeys(): string;
export declare function newWalletHashKey(): string;
export declare function readDevVars(path: string): Record<string, string>;
export declare function ensureDevVars(path: string, options?: { overwrite?: boolean }): boolean;
