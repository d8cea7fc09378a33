import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { US_STATES } from '../../lib/account/addresses.ts';
import { addCardInputOf, type CardFormReturn } from '../../lib/wallet/card-form.ts';
import { AddCardSchema, WALLET_PATHS } from '../../lib/wallet/contracts.ts';
import { addCardAtom } from './atoms.ts';
import { useRequest } from '../shared/use-request.ts';

// Adding a card (issue 13 §6): checked here with the same schema as the edge (the Luhn check
// included) before it is sent. The number and CVV live only in the form's fields: never in
// state, storage, a URL or a log; the fields are emptied once the card is saved.

const field = (data: FormData, name: string) => String(data.get(name) ?? '');

/** `returnTo`: where the plain form (no JavaScript yet) brings the shopper back to once the card is saved. */
export function AddCardForm({ returnTo = '/account/wallet' }: { returnTo?: CardFormReturn }) {
  const add = useSetAtom(addCardAtom);
  const [error, setError] = useState<string | null>(null);
  const save = useRequest();
  // one key per attempt: a retry of the same attempt (a lost answer) adds the card once
  const attempt = useRef<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = addCardInputOf((name) => field(data, name));
    const parsed = v.safeParse(AddCardSchema, input);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      setError(issue ? `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.` : 'Please check the card.');
      return;
    }
    setError(null);
    if (!save.start()) return;
    attempt.current ??= crypto.randomUUID();
    const added = await add(input, attempt.current);
    save.finish(added);
    if (added) {
      attempt.current = null;
      form.reset();
    }
  };

  return (
    // a POST to the edge, which takes it as a plain form too: the number never goes into a URL, and
    // the card can be added before the island runs or without JavaScript (decisions 629, 631)
    <form
      method="post"
      action={WALLET_PATHS.CARDS}
      className="wallet-form"
      data-testid="add-card-form"
      onSubmit={(event) => void submit(event)}
      onChange={() => (attempt.current = null)}
      noValidate
    >
      <h2>Add a card</h2>
      <input type="hidden" name="returnTo" value={returnTo} />
      <label>
        Card number <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" maxLength={23} required />
      </label>
      <div className="wallet-row">
        <label>
          Month{' '}
          <input
            name="expirationMonth"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            required
          />
        </label>
        <label>
          Year{' '}
          <input
            name="expirationYear"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            maxLength={4}
            required
          />
        </label>
        <label>
          Security code <input name="cvv" inputMode="numeric" autoComplete="cc-csc" maxLength={4} required />
        </label>
      </div>
      <div className="wallet-row two">
        <label>
          First name on card <input name="cardHolderFirstName" autoComplete="cc-given-name" maxLength={40} required />
        </label>
        <label>
          Last name on card <input name="cardHolderLastName" autoComplete="cc-family-name" maxLength={40} required />
        </label>
      </div>
      <label>
        Billing street address{' '}
        <input name="addressLine1" autoComplete="billing address-line1" maxLength={100} required />
      </label>
      <div className="wallet-row">
        <label>
          City <input name="city" autoComplete="billing address-level2" maxLength={60} required />
        </label>
        <label>
          State
          <select name="state" autoComplete="billing address-level1" required defaultValue="">
            <option value="">Choose</option>
            {US_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </label>
        <label>
          ZIP code{' '}
          <input name="zipCode" inputMode="numeric" autoComplete="billing postal-code" maxLength={10} required />
        </label>
      </div>
      <label>
        Nickname (optional) <input name="nickname" maxLength={40} autoComplete="off" />
      </label>
      <label className="wallet-check">
        <input type="checkbox" name="default" /> Make this my default card
      </label>
      {error && (
        <p className="wallet-error" role="alert" data-testid="add-card-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={save.loading}>
        {save.loading ? 'Saving…' : 'Save card'}
      </button>
    </form>
  );
}
