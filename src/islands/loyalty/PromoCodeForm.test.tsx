// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { promoFormNotice } from '../../lib/account/promo-form.ts';
import PromoCodeForm from './PromoCodeForm.tsx';

// decision 637: before hydration, or without JavaScript, the promo-code form is a POST to the
// validate call (it used to be a GET of the page with ?code=, which linked nothing); the edge comes
// back with ?promo=<outcome>, which the page hands in and the form says
describe('PromoCodeForm before hydration', () => {
  const serverMarkup = (notice: ReturnType<typeof promoFormNotice>) => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<PromoCodeForm linkedCodes={['HARVEST10']} formNotice={notice} />);
    return host;
  };

  test('the server markup posts the code to the edge, with an enabled button', () => {
    const form = serverMarkup(null).querySelector('[data-testid="promo-form"]') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/accountmanagement/api/promo-codes/validate',
    ]);
    expect([...new FormData(form).keys()]).toEqual(['code']);
    const button = form.querySelector('button[type="submit"]');
    expect([button?.textContent, button?.hasAttribute('disabled')]).toEqual(['Link code', false]);
  });

  test("the plain form's outcome is said where the island says its own, as an answer or an error", () => {
    const linked = serverMarkup(promoFormNotice('LINKED')).querySelector('[data-testid="promo-answer"]');
    expect([linked?.textContent, linked?.getAttribute('data-state')]).toEqual([
      'The promo code is linked to your card.',
      'loaded',
    ]);
    const refused = serverMarkup(promoFormNotice('INVALID')).querySelector('[data-testid="promo-answer"]');
    expect([refused?.textContent, refused?.getAttribute('data-state')]).toEqual([
      'That promo code is not valid or has expired.',
      'error',
    ]);
    expect(promoFormNotice('FRESH5')).toBeNull();
  });
});
