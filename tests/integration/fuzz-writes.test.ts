import { fuzzRoutes } from '../fixtures/fuzz.ts';
import { API_ROUTES } from '../registry.ts';

// Input fuzzing of every edge API route that writes (POST, PUT, DELETE): tests/fixtures/fuzz.ts
// says what must hold; fuzz-reads.test.ts takes the GET routes.
fuzzRoutes(API_ROUTES.filter((route) => route.method !== 'GET'));
