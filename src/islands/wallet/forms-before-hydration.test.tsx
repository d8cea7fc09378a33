// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import { AddCardForm } from './AddCardForm.tsx';
import { EbtBalance } from './EbtBalance.tsx';
import { GiftCards } from './GiftCards.tsx';

// decision 629: the forms that take a card number or a PIN are POST forms whose submit buttons
// stay disabled until the island runs, so the browser never submits them itself (a GET would put
// the number and PIN into the URL, the history and access logs).
afterEach(cleanup);

const FORMS = [
  ['add a card', AddCardForm, 'add-card-form'],
  ['gift card', GiftCards, 'gift-card-form'],
  ['SNAP/EBT', EbtBalance, 'ebt-form'],
] as const;
// the PIN forms: the EBT PIN is encrypted by the island, so without it they cannot be sent at all
const PIN_FORMS = FORMS.filter(([name]) => name !== 'add a card');

describe('card and PIN forms before and after hydration', () => {
  test('add a card: the server markup posts to the edge, which takes the plain form (decision 631)', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<AddCardForm returnTo="/checkout" />);
    const form = host.querySelector('[data-testid="add-card-form"]') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/wallet/api/v1/cards']);
    expect((form.querySelector('input[name="returnTo"]') as HTMLInputElement).value).toBe('/checkout');
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
    for (const button of form.querySelectorAll('button[type="submit"]'))
      expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
