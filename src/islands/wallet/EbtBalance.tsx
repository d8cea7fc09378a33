import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { formatDollarText } from '../../lib/money/money.ts';
import { buildPaymentgram, encryptPin } from '../../lib/wallet/ebt.ts';
import { WALLET_MESSAGES, walletErrorAction } from '../../lib/wallet/messages.ts';
import { walletApi } from './api.ts';
import { WALLET_PAGE } from './atoms.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useRequest } from '../shared/use-request.ts';

// The SNAP/EBT balance (shopping §3, §7, §8): the pin is encrypted in this browser with the
// upstream's public key (RSA-OAEP, SHA-256) before it is sent; a refusal shows its reason (an
// unknown card and a wrong PIN read alike; after too many, when to try again: decision 460).

const CardSchema = v.pipe(v.string(), v.regex(/^\d{16,19}$/));
const PinSchema = v.pipe(v.string(), v.regex(/^\d{4,8}$/));

export function EbtBalance() {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const check = useRequest();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const cardNumber = String(data.get('cardNumber') ?? '').replace(/\s/g, '');
    const pin = String(data.get('pin') ?? '').trim();
    if (!v.is(CardSchema, cardNumber))
      return setAnswer({ tone: 'error', text: 'Enter the 16 to 19 digit EBT card number.' });
    if (!v.is(PinSchema, pin)) return setAnswer({ tone: 'error', text: 'Enter the 4 to 8 digit PIN.' });
    if (!check.start()) return;
    const key = await walletApi.ebtPublicKey();
    const result = key.ok
      ? await walletApi.ebtBalance({
          cardNumber,
          encryptedPin: await encryptPin(key.data, pin),
          paymentgram: buildPaymentgram(cardNumber),
        })
      : key;
    check.finish(result.ok, result.ok ? null : result.status);
    // the pin (and the card number) leave the form whatever the answer
    form.reset();
    if (result.ok) {
      const balance = 'balance' in result.data ? result.data.balance : '0.00';
      return setAnswer({
        tone: 'ok',
        text: `SNAP balance on the card ending in ${cardNumber.slice(-4)}: ${formatDollarText(balance)}.`,
      });
    }
    if (result.snap) return setAnswer({ tone: 'error', text: result.snap.reason });
    const action = walletErrorAction(result);
    if (action.kind === 'signIn') goToSignIn(WALLET_PAGE);
    else
      setAnswer({
        tone: 'error',
        text: action.kind === 'notFound' ? WALLET_MESSAGES.EBT_CARD_INVALID : action.message,
      });
  };

  return (
    <section className="wallet-section" aria-labelledby="ebt-title">
      <h2 id="ebt-title">SNAP/EBT balance</h2>
      {/* POST, and no submit before the island runs: a PIN never goes into a URL (decision 629) */}
      <form
        method="post"
        className="wallet-form"
        data-testid="ebt-form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="wallet-row two">
          <label>
            EBT card number <input name="cardNumber" inputMode="numeric" autoComplete="off" maxLength={23} required />
          </label>
          <label>
            EBT PIN <input name="pin" type="password" inputMode="numeric" autoComplete="off" maxLength={8} required />
          </label>
        </div>
        <div className="wallet-buttons">
          <button type="submit" disabled={!hydrated || check.loading}>
            {check.loading ? 'Checking…' : 'Check EBT balance'}
          </button>
        </div>
        {/* the PIN is encrypted in the browser (shopping §4), so the check cannot be a plain form (decision 651) */}
        <noscript>
          <p className="wallet-quiet">
            Checking an EBT balance needs JavaScript: your PIN is encrypted in your browser before it is sent.
          </p>
        </noscript>
        <p
          className={answer?.tone === 'error' ? 'wallet-error' : 'wallet-ok'}
          role="status"
          aria-live="polite"
          data-testid="ebt-answer"
        >
          {answer?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
