import * as v from 'valibot';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { islandFetch } from '../shared/fetch.ts';
import { toSearchFailure, type SearchFailure } from '../../lib/search/network-error.ts';
import { SuggestionsResponseSchema, suggestionsUrl, type SuggestionOutput } from '../../lib/search/suggestions.ts';

// The suggestions call to the edge (docs/decisions/060-search-pages.md). Failures are reported
// as a SearchFailure: no answer is code -1 (spec: shopping §8 Search), an answer its status.

export class SuggestionsApiError extends Error {
  readonly failure: SearchFailure;
  constructor(failure: SearchFailure) {
    super(failure.reason);
    this.name = 'SuggestionsApiError';
    this.failure = failure;
  }
}

/** Fetches suggestions for the typed text; `signal` aborts a request a newer one replaced. */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<SuggestionOutput[]> {
  let response: Response;
  try {
    response = await islandFetch(suggestionsUrl(text), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    throw new SuggestionsApiError(toSearchFailure(error));
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, payload);
    const reason = parsed.success ? (parsed.output.errors[0]?.reason ?? '') : `HTTP ${response.status}`;
    throw new SuggestionsApiError(toSearchFailure(new Error(reason), response.status));
  }
  const parsed = v.safeParse(SuggestionsResponseSchema, payload);
  if (!parsed.success) throw new SuggestionsApiError(toSearchFailure(new Error('Unexpected suggestions response'), response.status));
  return parsed.output.data.suggestions;
}
