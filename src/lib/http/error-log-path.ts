// The browser's error-log beacon path, apart from the log's valibot schemas: the script that
// fills a cached page's personal parts imports it on every page, and must not pull valibot in
// (the JS budget; issue 22 §5).

/** Where the browser reports a request that never reached the edge (account §8 Logging). */
export const ERROR_LOG_PATH = '/atlas/v1/analytics/error-log';
