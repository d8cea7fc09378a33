// The bench's ports: the upper half of the tools' range (scripts/lib/server.mjs, 8800-8899), so
// it does not race the journeys, which take the first free port from the bottom, when both start
// at once. (wrangler's inspector port still comes from the whole range, in startServer.)
export const BENCH_PORTS = [8850, 8899];
