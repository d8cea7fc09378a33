// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import focusDirective, { INTERACTION_EVENTS } from './focus.ts';

// decision 682: the header's search box hydrates on the first interaction inside it, once, and
// holds nothing: its form submits as a plain GET whether or not the island is ready.

function searchForm() {
  const form = document.createElement('form');
  form.action = '/search';
  form.innerHTML = '<astro-island><input name="query"></astro-island><button type="submit">Search</button>';
  document.body.appendChild(form);
  return {
    form,
    island: form.querySelector('astro-island') as HTMLElement,
    input: form.querySelector('input') as HTMLInputElement,
  };
}

describe('client:focus', () => {
  test.each(INTERACTION_EVENTS)('hydrates once on the first %s inside the island, not before', async (type) => {
    const { form, island, input } = searchForm();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn(async () => hydrate);
    focusDirective(load, {}, island);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    form.querySelector('button')?.dispatchEvent(new Event(type, { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    input.dispatchEvent(new Event(type, { bubbles: true }));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    for (const again of INTERACTION_EVENTS) input.dispatchEvent(new Event(again, { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).toHaveBeenCalledTimes(1);
    form.remove();
  });

  test('a submit before the island is ready is not held: the plain form goes', () => {
    const { form, island, input } = searchForm();
    focusDirective(() => new Promise(() => {}), {}, island);
    input.dispatchEvent(new Event('focusin', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    form.remove();
  });
});
