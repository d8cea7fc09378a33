import { fuzzRoutes } from '../fixtures/fuzz.ts';
import { API_ROUTES } from '../registry.ts';

// Input fuzzing of every edge API route that reads (GET): tests/fixtures/fuzz.ts says what must
// hold; fuzz-writes.test.ts takes the other routes, so vitest's two workers share the fuzzing.
fuzzRoutes(API_ROUTES.filter((route) => route.method === 'GET'));
