import { expect, signIn, test } from './fixtures.ts';

// The address book in a real Chromium (issue 12 part 2; docs/decisions/320-address-book.md).

test('a shopper can add, edit and remove an address', async ({ page }) => {
  await signIn(page);
  await page.goto('/account/addresses');
  const street = `${100 + Math.floor(Math.random() * 800)} Sycamore Ln`;
  const form = page.getByTestId('address-form');
  await form.getByLabel('Home').check();
  await form.getByLabel('Street address').fill(street.toLowerCase());
  await form.getByLabel('City').fill('fresno');
  await form.getByLabel('State').selectOption('CA');
  await form.getByLabel('ZIP code').fill('93720');
  await form.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByTestId('address-done')).toHaveText('Address added.');
  const card = page.getByTestId('address').filter({ hasText: street });
  await expect(card).toContainText('Fresno, CA 93720');

  await card.getByRole('link', { name: `Edit: ${street}` }).click();
  await page.getByTestId('address-form').getByLabel('Apartment, suite (optional)').fill('Unit 4');
  await page.getByTestId('address-form').getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByTestId('address-done')).toHaveText('Address saved.');
  await expect(page.getByTestId('address').filter({ hasText: street })).toContainText('Unit 4');

  await page
    .getByTestId('address')
    .filter({ hasText: street })
    .getByRole('button', { name: `Remove: ${street}` })
    .click();
  await expect(page.getByTestId('address-done')).toHaveText('Address removed.');
  await expect(page.getByTestId('address').filter({ hasText: street })).toHaveCount(0);

  // the locator refuses a street without a house number, saying why
  await page.getByTestId('address-form').getByLabel('Street address').fill('Sycamore Lane');
  await page.getByTestId('address-form').getByLabel('City').fill('Fresno');
  await page.getByTestId('address-form').getByLabel('State').selectOption('CA');
  await page.getByTestId('address-form').getByLabel('ZIP code').fill('93720');
  await page.getByTestId('address-form').getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByTestId('address-error')).toHaveText(
    'The street address needs a house number and a street name.',
  );
});
