import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// Rewards in a real Chromium (issue 12 part 3; account §3 Fuel points, §4 Promo code validation
// outcomes; docs/decisions/370-loyalty.md). The demo shopper's purchases, membership and linked
// code HARVEST10 are seeded (upstream/seed/purchases.ts, upstream/seed/loyalty.ts).

test('a shopper sees their fuel points and links a promo code', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Rewards' }).click();
  await expect(page).toHaveURL(/\/account\/rewards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect(page.getByTestId('fuel-points-month')).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId('fuel-points')).toContainText('1 point for every whole dollar');
  await expect(page.getByTestId('annual-savings')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(page.getByTestId('membership')).toContainText('Plus membership, yearly');
  await expect(page.getByTestId('community-rewards')).toContainText('Central Valley Food Bank');
  await expect(page.getByTestId('linked-codes')).toContainText('HARVEST10');
  await waitForIslands(page);
  // by keyboard: type a code and press Enter
  const code = page.getByLabel('Promo code', { exact: true });
  await code.focus();
  await page.keyboard.type('fresh5');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('promo-answer')).toHaveText('Promo code FRESH5 is linked to your card.');
  await expect(page.getByTestId('linked-codes')).toContainText('FRESH5');
  // the same code again: ALREADY_LINKED; an unknown code: the error state
  await code.fill('FRESH5');
  await page.getByRole('button', { name: 'Link code' }).click();
  await expect(page.getByTestId('promo-answer')).toHaveText('Promo code FRESH5 is already linked to your card.');
  await code.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Link code' }).click();
  await expect(page.getByTestId('promo-answer')).toHaveText('That promo code is not valid or has expired.');
  await expect(page.getByTestId('promo-answer')).toHaveAttribute('data-state', 'error');
  // the link is the upstream's: still there after a reload
  await page.reload();
  await expect(page.getByTestId('linked-codes')).toContainText('FRESH5');
});

test('a signed-out shopper is sent to sign-in from the rewards page', async ({ page }) => {
  await page.goto('/account/rewards');
  await expect(page).toHaveURL(/\/signin\?redirectUrl=%2Faccount%2Frewards/);
});

// decision 637: the promo-code form is a POST to the edge (it was a GET of the page with ?code=,
// which linked nothing), back to the rewards page with the outcome as a flag, never the code. A new
// shopper of its own, so each outcome of account §4 comes in turn whatever other journeys linked.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper without JavaScript links a promo code', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/signin');
    const email = `promo.form.${Date.now().toString(36)}.${Math.floor(Math.random() * 1e6)}@example.test`;
    const created = await page.request.post('/auth/api/create-account', {
      headers: { origin: new URL(page.url()).origin },
      data: { firstName: 'Robin', lastName: 'Vale', email, password: 'Orchard-Lane-77' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/account/rewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();

    const link = async (typed: string) => {
      const form = page.getByTestId('promo-form');
      await form.getByLabel('Promo code', { exact: true }).fill(typed);
      await form.getByRole('button', { name: 'Link code' }).click();
    };
    const answer = page.getByTestId('promo-answer');
    // the first code (DEFAULT_SUCCESS), typed in lower case
    await link('harvest10');
    await expect(page).toHaveURL(/\/account\/rewards\?promo=DEFAULT_SUCCESS$/);
    await expect(answer).toHaveText('Your first promo code is linked to your card.');
    await expect(page.getByTestId('linked-codes')).toContainText('HARVEST10');
    // a new code (LINKED), then the same again (ALREADY_LINKED)
    await link('FRESH5');
    await expect(page).toHaveURL(/\?promo=LINKED$/);
    await expect(answer).toHaveText('The promo code is linked to your card.');
    await expect(page.getByTestId('linked-codes')).toContainText('FRESH5');
    await link('FRESH5');
    await expect(page).toHaveURL(/\?promo=ALREADY_LINKED$/);
    await expect(answer).toHaveText('The promo code is already linked to your card.');
    // an unknown code: the error
    await link('NOSUCHCODE');
    await expect(page).toHaveURL(/\?promo=INVALID$/);
    await expect(answer).toHaveText('That promo code is not valid or has expired.');
    await expect(answer).toHaveAttribute('data-state', 'error');

    // the codes went in POST bodies only
    for (const url of urls) expect(url).not.toMatch(/harvest10|fresh5|nosuchcode|code=/i);
  });
});
