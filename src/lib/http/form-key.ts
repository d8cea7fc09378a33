import * as v from 'valibot';

// A plain form sent twice is one write (decision 640): without JavaScript a double tap, or the
// browser sending a form again, reaches the edge twice. Each such form carries a key of its own,
// and the edge makes it the write's Idempotency-Key, so the upstream applies it once. Pages the
// edge caches are the same for every shopper, so their forms carry an empty key input
// (`data-form-key`) that the edge fills with a fresh key on every answer (worker/form-keys.ts);
// pages rendered per shopper write the key themselves.

/** The form field that carries the key. */
export const FORM_KEY_FIELD = 'formKey';
/** Marks a hidden key input the edge fills on every page it answers. */
export const FORM_KEY_ATTRIBUTE = 'data-form-key';

/** A form's key: 8-100 of A-Za-z0-9_- (a UUID, or the list page's `list-…` key). */
export const FormKeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be a form key'));

/**
 * The upstream Idempotency-Key of a form's write, `<kind>-<key>` (`formIdempotencyKey('add', k)`
 * is `add-<k>`), or undefined for a form without a valid key (a page from before keys: a plain
 * write, as before).
 */
export function formIdempotencyKey(kind: string, value: unknown): string | undefined {
  const key = v.safeParse(FormKeySchema, value);
  return key.success ? `${kind}-${key.output}` : undefined;
}
