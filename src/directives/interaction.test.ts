// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import interactionDirective, { HYDRATED_ATTRIBUTE } from './interaction.ts';

function island() {
  const el = document.createElement('astro-island');
  el.innerHTML =
    '<form method="post" action="/basket/api/v2/user/add-item"><button type="submit">Add to cart</button></form>';
  document.body.appendChild(el);
  return el;
}

describe('client:interaction', () => {
  test('does not hydrate until the first interaction inside the island', async () => {
    const el = island();
    const hydrate = vi.fn(async () => {});
    const load = vi.fn(async () => hydrate);
    interactionDirective(load, { name: 'AddToCart', value: '' }, el);
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
    el.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    el.querySelector('button')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    el.remove();
  });

  test('a submit before hydration is held and submitted again once the island is ready, so the first click is not lost', async () => {
    const el = island();
    const form = el.querySelector('form') as HTMLFormElement;
    const submitted: boolean[] = [];
    let release: () => void = () => {};
    const hydrate = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            // what the hydrated island does: mark its form and handle submits itself
            form.setAttribute(HYDRATED_ATTRIBUTE, '');
            form.addEventListener('submit', (event) => {
              event.preventDefault();
              submitted.push(true);
            });
            resolve();
          };
        }),
    );
    interactionDirective(async () => hydrate, { name: 'AddToCart', value: '' }, el);
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalled());
    release();
    await vi.waitFor(() => expect(submitted).toEqual([true]));
    el.remove();
  });
});
