// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import AddAllToCart from './AddAllToCart.tsx';

// decision 634: before hydration, or without JavaScript, "Add all to cart" is a POST form the
// edge takes as one cart PUT (it used to be a GET of /cart, which added nothing).
describe('AddAllToCart before hydration', () => {
  test('the server markup posts every item with its quantity, addAll=1 and where to come back', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(
      <AddAllToCart
        lead="Reorder:"
        returnTo="/account/orders"
        items={[
          { gtin13: '0000000000017', name: 'Milk', quantity: 2 },
          { gtin13: '0000000000024', name: 'Bread' },
        ]}
      />,
    );
    const form = host.querySelector('form') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/basket/api/v2/user/add-item',
    ]);
    const fields = [...new FormData(form).entries()];
    expect(fields).toEqual([
      ['addAll', '1'],
      ['returnTo', '/account/orders'],
      ['gtin13', '0000000000017'],
      ['quantity', '2'],
      ['gtin13', '0000000000024'],
      ['quantity', '1'],
    ]);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Reorder: add all 2 to cart');
  });
});
