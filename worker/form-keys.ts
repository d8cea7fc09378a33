import { FORM_KEY_ATTRIBUTE } from '../src/lib/http/form-key.ts';

// The keys of a shared page's plain forms (decision 640): the cached copy carries empty key
// inputs; every answer, from the cache or freshly rendered, gets a fresh key in each, so a form
// sent twice from one page is one write, and the same page opened again is a new one.

/** The HTML page with a fresh key (a UUID) in every `input[data-form-key]`; any other answer as it is. */
export function withFormKeys(response: Response): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html') || response.body === null) return response;
  return new HTMLRewriter()
    .on(`input[${FORM_KEY_ATTRIBUTE}]`, {
      element(input) {
        input.setAttribute('value', crypto.randomUUID());
      },
    })
    .transform(response);
}
