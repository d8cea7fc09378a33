// Types for dev-vars.mjs (used by its test).
export declare function newSessionKeys(): string;
export declare function ensureDevVars(path: string, options?: { overwrite?: boolean }): boolean;
