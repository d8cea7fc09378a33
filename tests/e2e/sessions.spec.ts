import {
  expect,
  greeting,
  isAuthenticated,
  openAccountMenu,
  putSessionCookie,
  sessionCookie,
  signInControl,
  signInThroughForm,
  test,
} from './fixtures.ts';

/** The same string with one character changed (a different base64url character). */
function flipOneCharacter(value: string): string {
  const at = Math.floor(value.length / 2);
  const replacement = value[at] === 'A' ? 'B' : 'A';
  return value.slice(0, at) + replacement + value.slice(at + 1);
}

test('a tampered session cookie reads as anonymous', async ({ page, context }) => {
  await signInThroughForm(page);
  const cookie = await sessionCookie(context);

  await putSessionCookie(context, cookie, flipOneCharacter(cookie.value));
  await page.reload();

  await expect(signInControl(page)).toBeVisible();
  await expect(greeting(page)).toBeHidden();
  expect(await isAuthenticated(page.request)).toBe(false);
});

test('a signed-out cookie is refused when replayed', async ({ page, context }) => {
  await signInThroughForm(page);
  const cookie = await sessionCookie(context);

  await openAccountMenu(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(signInControl(page)).toBeVisible();

  await putSessionCookie(context, cookie, cookie.value);
  await page.reload();

  expect(await isAuthenticated(page.request)).toBe(false);
  const basket = await page.request.get('/basket/api/basket/');
  expect(basket.status()).toBe(401);
  await expect(greeting(page)).toBeHidden();
});
