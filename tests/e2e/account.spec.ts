import { expect, signInControl, test, waitForIslands } from './fixtures.ts';

// Issue 12 part 1 journeys (docs/decisions/220): account creation with email confirmation, and a
// forgotten password, each following the link of the would-be email on the development outbox.

const START = '/search?query=milk';
const PASSWORD = 'Orchard-Lane-77';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

test('a new shopper can create an account, confirm their email and land where they started', async ({ page }) => {
  const email = uniqueEmail('new.shopper');
  await page.goto(START);
  await waitForIslands(page);
  await signInControl(page).click();
  await expect(page).toHaveURL(/\/signin\?redirectUrl=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/account\/create\?redirectUrl=/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  // a too common password is refused with the rule, and the return address is kept
  await page.getByLabel('First name').fill('Jamie');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('create-error')).toContainText('stronger password');
  expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(START);

  await page.getByLabel('First name').fill('Jamie');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/create-completion\?redirectUrl=/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jamie!' })).toBeVisible();
  await expect(page.getByTestId('confirm-needed')).toBeVisible();
  await page.getByTestId('completion-continue').click();

  await expect(page).toHaveURL(/\/account\/confirm\/send\?redirectUrl=/);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  // spec: account §2: the intended return URL is kept in session storage
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('hm.account.confirmReturnUrl'))).toBe(START);

  // the email, as the development outbox shows it
  await page.goto(`/account/dev/outbox?email=${encodeURIComponent(email)}`);
  const message = page.getByTestId('outbox-message').filter({ hasText: 'Confirm your email address' }).first();
  await expect(message).toBeVisible();
  await message.getByTestId('outbox-link').click();

  await expect(page).toHaveURL(/\/account\/confirm\?token=/);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByTestId('email-confirmed')).toBeVisible();
  await page.getByTestId('confirm-continue').click();
  await expect(page).toHaveURL(START);

  // signed in, email confirmed
  const state = (await page.evaluate(async () => (await fetch('/auth/api/authentication-state')).json())) as {
    data: { authenticated: boolean; userInfo: { emailVerified: boolean } };
  };
  expect(state.data.authenticated).toBe(true);
  expect(state.data.userInfo.emailVerified).toBe(true);
});

test('a shopper who forgot their password can reset it from the emailed link and sign in again', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('forgetful');
  // an account made through the API, then signed out
  await page.goto('/signin');
  const created = await page.request.post('/auth/api/create-account', {
    headers: { origin: new URL(page.url()).origin },
    data: { firstName: 'Robin', lastName: 'Vale', email, password: PASSWORD },
  });
  expect(created.status()).toBe(201);
  await context.clearCookies();

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  await page.goto(`/account/dev/outbox?email=${encodeURIComponent(email)}`);
  await page
    .getByTestId('outbox-message')
    .filter({ hasText: 'Reset your password' })
    .first()
    .getByTestId('outbox-link')
    .click();
  await expect(page).toHaveURL(/\/account\/reset-password\?token=/);
  const resetUrl = page.url();
  await page.getByLabel('New password', { exact: true }).fill('Meadow-Brook-58');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/signin\?status=RESET_PASSWORD$/);
  await expect(page.getByTestId('signin-status')).toHaveText(
    'Your password has been reset. Please sign in with your new password.',
  );
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Meadow-Brook-58');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByText('Hi, Robin')).toBeVisible();

  // the link works once
  await page.goto(resetUrl);
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-99');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('reset-error')).toHaveAttribute('data-error', 'USED');
});
