import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { formatDollarText } from '../../lib/money/money.ts';
import type { CardFormReturn } from '../../lib/wallet/card-form.ts';
import { GiftCardRequestSchema, WALLET_PATHS } from '../../lib/wallet/contracts.ts';
import { giftCardInputOf, giftCardNoticeText } from '../../lib/wallet/gift-card-form.ts';
import { WALLET_MESSAGES, walletErrorAction } from '../../lib/wallet/messages.ts';
import { walletApi } from './api.ts';
import { appliedGiftCardsAtom, applyGiftCardAtom, removeGiftCardAtom, WALLET_PAGE } from './atoms.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useRequest } from '../shared/use-request.ts';

// Gift cards (shopping §3 Gift card, §4, §5, §8): check a balance, apply the card (a zero balance
// is refused with the spec's message), remove one. The pin is sent once and kept nowhere. The
// forms post to the edge before the island runs or without JavaScript (decision 651): `returnTo`
// is where an applied card brings the shopper back to, `initialAnswer` that post's outcome.

type Answer = ReturnType<typeof giftCardNoticeText>;

export function GiftCards({
  returnTo = '/account/wallet',
  initialAnswer = null,
}: {
  returnTo?: CardFormReturn;
  initialAnswer?: Answer | null;
}) {
  const hydrated = useHydrated();
  const applied = useAtomValue(appliedGiftCardsAtom);
  const apply = useSetAtom(applyGiftCardAtom);
  const remove = useSetAtom(removeGiftCardAtom);
  const [answer, setAnswer] = useState<Answer | null>(initialAnswer);
  const check = useRequest();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const wantsApply = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'apply';
    const input = giftCardInputOf((name) => String(data.get(name) ?? ''));
    const parsed = v.safeParse(GiftCardRequestSchema, input);
    if (!parsed.success) {
      const message = parsed.issues[0]?.message ?? 'check the card';
      setAnswer({ tone: 'error', text: `${message.charAt(0).toUpperCase()}${message.slice(1)}.` });
      return;
    }
    if (!check.start()) return;
    const result = wantsApply ? await apply(parsed.output) : await walletApi.giftCardBalance(parsed.output);
    check.finish(result.ok, result.ok ? null : result.status);
    if (result.ok) {
      const balance =
        'remainingBalance' in result.data
          ? result.data.remainingBalance
          : (result.data.giftCards.find((card) => card.lastFour === input.cardNumber.slice(-4))?.remainingBalance ??
            '0.00');
      setAnswer(
        giftCardNoticeText({ kind: wantsApply ? 'applied' : 'balance', lastFour: input.cardNumber.slice(-4), balance }),
      );
      form.reset();
      return;
    }
    const action = walletErrorAction(result);
    if (action.kind === 'signIn') goToSignIn(WALLET_PAGE);
    else
      setAnswer({
        tone: 'error',
        text: action.kind === 'notFound' ? WALLET_MESSAGES.GIFT_CARD_INVALID : action.message,
      });
  };

  return (
    <section className="wallet-section" aria-labelledby="gift-cards-title">
      <h2 id="gift-cards-title">Gift cards</h2>
      {applied.length > 0 && (
        <ul className="wallet-gift-cards" data-testid="gift-cards">
          {applied.map((card) => (
            <li key={card.reference}>
              <span>
                Gift card ending in {card.lastFour}: <strong>{formatDollarText(card.remainingBalance)}</strong>
              </span>
              <form
                method="post"
                action={WALLET_PATHS.GIFT_CARDS}
                onSubmit={(event) => {
                  event.preventDefault();
                  void remove(card.reference);
                }}
              >
                <input type="hidden" name="reference" value={card.reference} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <button
                  type="submit"
                  name="action"
                  value="remove"
                  className="link-button"
                  aria-label={`Remove gift card ending in ${card.lastFour}`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {/* a POST to the edge, which takes it as a plain form too: a PIN never goes into a URL (decisions 629, 651) */}
      <form
        method="post"
        action={WALLET_PATHS.GIFT_CARDS}
        className="wallet-form"
        data-testid="gift-card-form"
        onSubmit={(event) => void submit(event)}
        // the browser checks the fields of a plain post (no round trip to learn a PIN is short); the island checks its own
        noValidate={hydrated}
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="wallet-row two">
          <label>
            Gift card number{' '}
            <input
              name="cardNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={23}
              pattern="[0-9 ]{16,23}"
              title="The 16 to 19 digit gift card number"
              required
            />
          </label>
          <label>
            PIN{' '}
            <input
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              pattern="[0-9]{4,8}"
              title="The 4 to 8 digit PIN"
              required
            />
          </label>
        </div>
        <div className="wallet-buttons">
          <button type="submit" name="action" value="balance" disabled={check.loading}>
            Check balance
          </button>
          <button type="submit" name="action" value="apply" className="secondary" disabled={check.loading}>
            Apply to my orders
          </button>
        </div>
        <p
          className={answer?.tone === 'error' ? 'wallet-error' : 'wallet-ok'}
          role="status"
          aria-live="polite"
          data-testid="gift-card-answer"
        >
          {answer?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
