// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import type { CardOutput } from '../../lib/wallet/contracts.ts';
import { AddCardForm } from './AddCardForm.tsx';
import { CardList } from './CardList.tsx';
import { EbtBalance } from './EbtBalance.tsx';
import { GiftCards } from './GiftCards.tsx';
import { seedWalletAtom } from './atoms.ts';

// decision 629: the forms that take a card number or a PIN are POST forms, never a GET that would
// put the number and PIN into the URL, the history and access logs. The add-card and gift-card
// forms post to the edge, which takes them as plain forms (decisions 631, 651); the EBT form's
// buttons stay disabled until the island runs (its PIN is encrypted in the browser).
afterEach(cleanup);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FORMS = [
  ['add a card', AddCardForm, 'add-card-form'],
  ['gift card', GiftCards, 'gift-card-form'],
  ['SNAP/EBT', EbtBalance, 'ebt-form'],
] as const;
// the EBT PIN is encrypted by the island, so without it the form cannot be sent at all; the gift
// card's form posts to the edge like the add-card form (decision 651)
const PIN_FORMS = FORMS.filter(([name]) => name === 'SNAP/EBT');

describe('card and PIN forms before and after hydration', () => {
  test('add a card: the server markup posts to the edge, which takes the plain form (decision 631)', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<AddCardForm returnTo="/checkout" />);
    const form = host.querySelector('[data-testid="add-card-form"]') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/wallet/api/v1/cards']);
    expect((form.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe('/checkout');
  });

  test('gift card: the server markup posts to the edge with its buttons enabled, and shows what the plain post came back with (decision 651)', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(
      <GiftCards
        returnTo="/checkout"
        initialAnswer={{ tone: 'error', text: 'The gift card number or PIN is not valid.' }}
      />,
    );
    const form = host.querySelector('[data-testid="gift-card-form"]') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/wallet/api/v1/gift-cards']);
    expect((form.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe('/checkout');
    // a plain post is checked by the browser first; the island checks its own (noValidate once hydrated)
    expect(form.hasAttribute('novalidate')).toBe(false);
    expect((form.querySelector('input[name="pin"]') as HTMLInputElement).getAttribute('pattern')).toBe('[0-9]{4,8}');
    const submits = [...form.querySelectorAll('button[type="submit"]')];
    expect(submits.map((button) => [button.getAttribute('name'), button.getAttribute('value')])).toEqual([
      ['action', 'balance'],
      ['action', 'apply'],
    ]);
    for (const button of submits) expect(button.hasAttribute('disabled')).toBe(false);
    const answer = host.querySelector('[data-testid="gift-card-answer"]') as HTMLElement;
    expect([answer.className, answer.textContent]).toEqual([
      'wallet-error',
      'The gift card number or PIN is not valid.',
    ]);
  });

  test.each(PIN_FORMS)(
    '%s: the server markup is a POST form with its submit buttons disabled',
    (_name, Form, testId) => {
      const host = document.createElement('div');
      host.innerHTML = renderToString(<Form />);
      const form = host.querySelector(`[data-testid="${testId}"]`) as HTMLFormElement;
      expect(form.getAttribute('method')).toBe('post');
      const submits = [...form.querySelectorAll('button[type="submit"]')];
      expect(submits.length).toBeGreaterThan(0);
      for (const button of submits) expect(button.hasAttribute('disabled')).toBe(true);
    },
  );

  test.each(FORMS)('%s: once the island runs, the buttons can be used', async (_name, Form, testId) => {
    render(<Form />);
    const form = await screen.findByTestId(testId);
    expect(form.hasAttribute('novalidate')).toBe(true);
    for (const button of form.querySelectorAll('button[type="submit"]'))
      expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});

const card = (cardId: string, extra: Partial<CardOutput>): CardOutput => ({
  brand: 'VISA',
  cardId,
  cardHolderFirstName: 'Dana',
  cardHolderLastName: 'Rivera',
  default: false,
  expirationMonth: '12',
  expirationYear: '31',
  lastFour: '1111',
  lastUpdated: '2026-11-01T10:00:00.000Z',
  saved: true,
  billingAddress: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' },
  status: 'ACTIVE',
  nickname: '',
  accountId: 'acc-1',
  ...extra,
});
const CARDS = [
  card('card-0001-aaaa', { default: true, nickname: 'Groceries' }),
  card('card-0002-bbbb', { brand: 'MASTERCARD', lastFour: '4444' }),
];
/** The card list in a store of its own, seeded as the page seeds it. */
function seededCards(returnTo?: '/checkout') {
  const store = createStore();
  store.set(seedWalletAtom, { wallet: { cards: CARDS, walletV2: [] }, giftCards: [] });
  return (
    <Provider store={store}>
      <CardList {...(returnTo ? { returnTo } : {})} />
    </Provider>
  );
}

// decision 637: a saved card's make default, rename and delete are plain POST forms to the cards
// path with their `_action` until the island runs (and without JavaScript)
describe("a saved card's controls before and after hydration", () => {
  test('the server markup: make default, rename and delete forms posting to the edge with the card and the way back', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(seededCards('/checkout'));
    const [first, second] = [...host.querySelectorAll('[data-testid="wallet-card"]')];
    const fields = (form: Element | null | undefined) => [...new FormData(form as HTMLFormElement).entries()];
    for (const form of host.querySelectorAll('[data-testid="wallet-card"] form'))
      expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/wallet/api/v1/cards']);
    // the default card cannot be made the default again
    expect(first?.querySelector('[data-testid="card-default-form"]')).toBeNull();
    expect(fields(second?.querySelector('[data-testid="card-default-form"]'))).toEqual([
      ['_action', 'default'],
      ['cardId', 'card-0002-bbbb'],
      ['returnTo', '/checkout'],
    ]);
    const rename = first?.querySelector('[data-testid="card-rename-form"]');
    expect(rename?.tagName).toBe('DETAILS');
    expect(rename?.querySelector('summary')?.textContent).toBe('Edit nickname: Visa ending in 1111');
    expect(fields(rename?.querySelector('form'))).toEqual([
      ['_action', 'rename'],
      ['cardId', 'card-0001-aaaa'],
      ['returnTo', '/checkout'],
      ['nickname', 'Groceries'],
    ]);
    expect(rename?.querySelector('button[type="submit"]')?.textContent).toBe('Save');
    // delete asks first, behind its own disclosure, with a labelled button
    const remove = second?.querySelector('[data-testid="card-delete-form"]');
    expect(remove?.tagName).toBe('DETAILS');
    expect(remove?.querySelector('form')?.textContent).toContain('Delete Mastercard ending in 4444?');
    expect(fields(remove?.querySelector('form'))).toEqual([
      ['_action', 'delete'],
      ['cardId', 'card-0002-bbbb'],
      ['returnTo', '/checkout'],
    ]);
    const yes = remove?.querySelector('button[type="submit"]');
    expect([yes?.textContent, yes?.hasAttribute('disabled')]).toEqual(['Yes, delete', false]);
  });

  test("once the island runs, the row's own buttons take their place", async () => {
    render(seededCards());
    expect(await screen.findByRole('button', { name: 'Delete: Mastercard ending in 4444' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit nickname: Visa ending in 1111' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make default: Mastercard ending in 4444' })).toBeTruthy();
    expect(document.querySelectorAll('[data-testid="card-forms"]')).toHaveLength(0);
  });

  // decision 641: the swap keeps what the shopper started in the plain forms
  test('a nickname typed before the island ran is still there, focused, once it has; an open delete still asks', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    host.innerHTML = renderToString(seededCards());
    const [first, second] = [...host.querySelectorAll('[data-testid="wallet-card"]')];
    const rename = first?.querySelector('[data-testid="card-rename-form"]') as HTMLDetailsElement;
    rename.open = true;
    const field = rename.querySelector('input[name="nickname"]') as HTMLInputElement;
    field.focus();
    field.value = 'Groceries and gas';
    (second?.querySelector('[data-testid="card-delete-form"]') as HTMLDetailsElement).open = true;
    let root: Root | null = null;
    await act(async () => {
      root = hydrateRoot(host, seededCards());
      await Promise.resolve();
    });
    expect(host.querySelectorAll('[data-testid="card-forms"]')).toHaveLength(0);
    const carried = first?.querySelector('input[name="nickname"]') as HTMLInputElement | null;
    expect(carried?.closest('details')).toBeNull();
    expect(carried?.value).toBe('Groceries and gas');
    expect(document.activeElement).toBe(carried);
    expect(carried?.selectionStart).toBe('Groceries and gas'.length);
    // the delete disclosure was open but not focused: it still asks, and focus stays in the nickname
    expect(second?.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe(
      'Delete Mastercard ending in 4444?',
    );
    act(() => (root as Root | null)?.unmount());
    host.remove();
  });
});
