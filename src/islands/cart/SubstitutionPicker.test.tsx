// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test } from 'vitest';
import type { SubstitutionPolicy } from '../../lib/basket/contracts.ts';
import { SubstitutionPicker } from './SubstitutionPicker.tsx';

// decision 637: a cart line's substitution choice is a plain POST form to the line update, with an
// "Update" button, until the island runs (and without JavaScript); then a change saves at once.
afterEach(cleanup);

const picker = (policy: SubstitutionPolicy, items: string[] = []) => (
  <SubstitutionPicker
    gtin13="0000000000017"
    lineId="line-17"
    name="Test Whole Milk"
    quantity={2}
    policy={policy}
    items={items}
    busy={false}
  />
);

describe('SubstitutionPicker before and after hydration', () => {
  test('the server markup posts the line, its quantity and the chosen policy to the update call, with an Update button', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(picker('SHOPPER_CHOICE'));
    const form = host.querySelector('form') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/basket/api/user/basket-items/update',
    ]);
    (form.querySelector('select') as HTMLSelectElement).value = 'NONE';
    expect([...new FormData(form).entries()]).toEqual([
      ['gtin13', '0000000000017'],
      ['id', 'line-17'],
      ['quantity', '2'],
      ['returnTo', '/cart'],
      ['substitutionPolicy', 'NONE'],
    ]);
    const update = form.querySelector('button[type="submit"]');
    expect(update?.textContent).toBe('Update substitution for Test Whole Milk');
    // choosing replacements needs the island's picker: not offered to a line without any
    expect(form.querySelector('option[value="CUSTOMER_CHOICE"]')?.hasAttribute('disabled')).toBe(true);
  });

  test('a line with replacements keeps them when the form sends its choice as it is', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(picker('CUSTOMER_CHOICE', ['0000000000024', '0000000000031']));
    const form = host.querySelector('form') as HTMLFormElement;
    expect(form.querySelector('option[value="CUSTOMER_CHOICE"]')?.hasAttribute('disabled')).toBe(false);
    expect(new FormData(form).get('substitutionPolicy')).toBe('CUSTOMER_CHOICE');
    expect(form.textContent).toContain('2 replacements');
  });

  test('once the island runs, the Update button goes: a change saves by itself', async () => {
    render(picker('CUSTOMER_CHOICE', ['0000000000024']));
    expect(await screen.findByRole('button', { name: '1 replacement · Change' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Update/ })).toBeNull();
    expect((screen.getByRole('option', { name: 'Choose replacements' }) as HTMLOptionElement).disabled).toBe(false);
  });
});
