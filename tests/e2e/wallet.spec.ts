import { expect, fillCardForm, pageOrigin, signIn, test, waitForIslands } from './fixtures.ts';

// The wallet in a real Chromium (issue 13 §6-§7; docs/decisions/330-wallet.md). The seeded gift
// card 6006490000000000 has no funds left (upstream/seed/wallet.ts).

test('a shopper can add a card, make it the default and delete it, and sees that a spent gift card has no funds', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/account/wallet');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();

  const form = page.getByTestId('add-card-form');
  await fillCardForm(form, 'Journey card');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('wallet-notice')).toContainText('Card ending in 4444 added.');
  // the number and the security code left the form once saved
  await expect(form.getByLabel('Card number')).toHaveValue('');
  await expect(form.getByLabel('Security code')).toHaveValue('');

  const card = page.getByTestId('wallet-card').filter({ hasText: 'Journey card' });
  await expect(card).toContainText('Mastercard ending in 4444 · expires 09/31');
  // the make-default write's answer re-renders the list: wait for it before the next step (under
  // load it arrived after the Delete below had opened its confirmation, and closed it)
  const madeDefault = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && response.url().includes('/wallet/api/'),
  );
  await card.getByRole('button', { name: 'Make default: Mastercard ending in 4444' }).click();
  await madeDefault;
  await expect(card.getByTestId('default-badge')).toBeVisible();
  // one default only, and the default comes first
  await expect(page.getByTestId('default-badge')).toHaveCount(1);
  await expect(page.getByTestId('wallet-card').first()).toContainText('Journey card');

  // by keyboard: Delete, then the confirmation takes the focus. The badge shows at once
  // (optimistic); the card's controls stay disabled until the write has settled, and a disabled
  // button takes no focus (a CI run pressed Enter on nothing)
  await expect(card).toHaveAttribute('aria-busy', 'false');
  const remove = card.getByRole('button', { name: 'Delete: Mastercard ending in 4444' });
  await expect(remove).toBeEnabled();
  await remove.focus();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wallet-card').filter({ hasText: 'Journey card' })).toHaveCount(0);
  await expect(page.getByTestId('wallet-notice')).toContainText('was deleted.');
  await page.reload();
  await expect(page.getByTestId('wallet-card').filter({ hasText: 'Journey card' })).toHaveCount(0);

  await waitForIslands(page);
  const gift = page.getByTestId('gift-card-form');
  await gift.getByLabel('Gift card number').fill('6006490000000000');
  await gift.getByLabel('PIN').fill('73914600');
  await gift.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-answer')).toHaveText('There are no remaining funds on this gift card.');
  await gift.getByLabel('Gift card number').fill('6006490000002500');
  await gift.getByLabel('PIN').fill('73914628');
  await gift.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-answer')).toHaveText('Gift card ending in 2500 has $25.00.');
});

test('a shopper can check a SNAP/EBT balance with the PIN encrypted in the browser', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/wallet/api/v1/ebt/balance')) sent.push(request.postData() ?? '');
  });
  await signIn(page);
  await page.goto('/account/wallet');
  await waitForIslands(page);
  const ebt = page.getByTestId('ebt-form');
  await ebt.getByLabel('EBT card number').fill('5077190000001234');
  await ebt.getByLabel('EBT PIN').fill('0000');
  await ebt.getByRole('button', { name: 'Check EBT balance' }).click();
  await expect(page.getByTestId('ebt-answer')).toHaveText('The EBT card number or PIN is not valid.');
  await ebt.getByLabel('EBT card number').fill('5077190000001234');
  await ebt.getByLabel('EBT PIN').fill('4826');
  await ebt.getByRole('button', { name: 'Check EBT balance' }).click();
  await expect(page.getByTestId('ebt-answer')).toHaveText('SNAP balance on the card ending in 1234: $143.27.');
  expect(sent).toHaveLength(2);
  for (const body of sent) {
    expect(body).not.toContain('4826');
    expect(JSON.parse(body)).toMatchObject({ encryptedPin: expect.stringMatching(/^[A-Za-z0-9+/]{300,}={0,2}$/) });
  }
});

test('a full card number and a gift card PIN appear in no URL, cookie, browser storage or console line', async ({
  page,
  context,
}) => {
  // the full numbers, the security code and the gift card's PIN (the last four may show)
  const SENTINELS = ['4000056655665556', '4000 0566 5566 5556', '6006490000002500', '73914628'];
  const urls: string[] = [];
  const consoleLines: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('console', (message) => consoleLines.push(message.text()));
  await signIn(page);
  await page.goto('/account/wallet');
  await waitForIslands(page);
  const form = page.getByTestId('add-card-form');
  await form.getByLabel('Card number').fill('4000 0566 5566 5556');
  await form.getByLabel('Month').fill('11');
  await form.getByLabel('Year').fill('2032');
  await form.getByLabel('Security code').fill('987');
  await form.getByLabel('First name on card').fill('Dana');
  await form.getByLabel('Last name on card').fill('Rivera');
  await form.getByLabel('Billing street address').fill('12 Elm St');
  await form.getByLabel('City').fill('Fresno');
  await form.getByLabel('State').selectOption('CA');
  await form.getByLabel('ZIP code').fill('93710');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('wallet-notice')).toContainText('Card ending in 5556 added.');
  const gift = page.getByTestId('gift-card-form');
  await gift.getByLabel('Gift card number').fill('6006490000002500');
  await gift.getByLabel('PIN').fill('73914628');
  await gift.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByTestId('gift-card-answer')).toContainText('$25.00');
  await page.reload();
  await waitForIslands(page);
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );
  const cookies = JSON.stringify(await context.cookies());
  const everything = [urls.join('\n'), consoleLines.join('\n'), storage, cookies, page.url()].join('\n');
  for (const sentinel of SENTINELS) expect(everything.includes(sentinel), `"${sentinel}" leaked`).toBe(false);
  // the card is in the wallet, by its last four only
  await expect(page.getByTestId('wallet-card').filter({ hasText: 'ending in 5556' })).toHaveCount(1);
  const card = page.getByTestId('wallet-card').filter({ hasText: 'ending in 5556' });
  await card.getByRole('button', { name: /^Delete: / }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('wallet-card').filter({ hasText: 'ending in 5556' })).toHaveCount(0);
});

// decision 637: a saved card's rename and delete are plain POST forms to the edge, back to the
// wallet with one flag in the URL; the nickname and the card's id go in POST bodies only.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper without JavaScript renames and deletes a card', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await signIn(page);
    // a card of this journey's own (a Discover ending in 1117), named so no other journey's card is taken for it
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const [name, renamed] = [`Spare ${stamp}`, `Weekend ${stamp}`];
    const added = await page.request.post('/wallet/api/v1/cards', {
      headers: { origin: pageOrigin(page) },
      data: {
        cardNumber: '6011111111111117',
        expirationMonth: '10',
        expirationYear: '2031',
        cvv: '123',
        cardHolderFirstName: 'Dana',
        cardHolderLastName: 'Rivera',
        billingAddress: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' },
        nickname: name,
      },
    });
    expect(added.status()).toBe(201);
    const { cardId } = (await added.json()) as { cardId: string };

    await page.goto('/account/wallet');
    const card = page.getByTestId('wallet-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    // rename: a disclosure opens the plain form with the nickname as it is
    const rename = card.getByTestId('card-rename-form');
    await rename.locator('summary').click();
    await expect(rename.getByLabel('Nickname')).toHaveValue(name);
    await rename.getByLabel('Nickname').fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/account\/wallet\?cardChange=renamed$/);
    await expect(page.getByTestId('card-change-notice')).toHaveText('Nickname saved.');
    await expect(page.getByTestId('wallet-card').filter({ hasText: name })).toHaveCount(0);
    const again = page.getByTestId('wallet-card').filter({ hasText: renamed });
    await expect(again).toContainText('Discover ending in 1117');

    // delete asks first, behind its own disclosure
    const remove = again.getByTestId('card-delete-form');
    await remove.locator('summary').click();
    await expect(remove).toContainText('Delete Discover ending in 1117?');
    await remove.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(/\/account\/wallet\?cardChange=deleted$/);
    await expect(page.getByTestId('card-change-notice')).toHaveText('The card was deleted.');
    await expect(page.getByTestId('wallet-card').filter({ hasText: renamed })).toHaveCount(0);
    const wallet = (await (await page.request.get('/wallet/api/v1/cards')).json()) as {
      cards: Array<{ cardId: string }>;
    };
    expect(wallet.cards.map((entry) => entry.cardId)).not.toContain(cardId);

    // what the shopper typed, and the card's id, went in POST bodies only
    for (const url of urls) expect(decodeURIComponent(url)).not.toMatch(new RegExp(`${stamp}|${cardId}|nickname`));
  });
});
