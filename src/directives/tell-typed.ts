// What the press directive (press.ts) tells an island that has just hydrated of the text typed
// into its fields before then (decision 657). Bundled into the directive: keep it tiny.

/** Fields whose text a shopper types (not the checkable, hidden or button kinds). */
const NOT_TYPED = new Set(['checkbox', 'radio', 'hidden', 'submit', 'button', 'reset', 'file', 'image']);

/**
 * Tells the hydrated island of every field typed into before it hydrated (its value is not the
 * one React rendered, which React makes the field's default): the value React tracks is set back
 * to the rendered one, the typed one put in past React's tracker, and an input event sent, so the
 * island's onChange sees the change as if typed now; a field the shopper has left gets its
 * focusout (React's onBlur) too.
 */
export function tellTyped(el: HTMLElement): boolean {
  let told = false;
  for (const field of el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (NOT_TYPED.has(field.type) || field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (document.activeElement !== field) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    told = true;
  }
  return told;
}
