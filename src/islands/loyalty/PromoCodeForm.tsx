import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { LOYALTY_PATHS, MAX_PROMO_CODE_LENGTH, PromoCodeRequestSchema } from '../../lib/account/memberships.ts';
import type { PromoFormNotice } from '../../lib/account/promo-form.ts';
import { shouldTriggerSignIn } from '../../lib/auth/redirect.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import {
  linkedCodesListAtom,
  promoMessageAtom,
  promoRequestAtom,
  seedLinkedCodesAtom,
  submitPromoCodeAtom,
} from './atoms.ts';

// Link a promo code to the card (issue 12 part 3; account §4 Promo code validation outcomes:
// LINKED, ALREADY_LINKED, DEFAULT_SUCCESS). The only part of the rewards page that acts; a 401 or
// 403 sends the shopper to sign-in (account §2). A POST form to the validate call: before the
// island runs, or without JavaScript, the edge answers 303 back with the outcome, which the page
// hands in as `formNotice` (decision 637); the island shows it until it sends a code itself.

interface Props {
  linkedCodes: string[];
  /** what the plain form's answer says (the page's ?promo=), or null */
  formNotice?: PromoFormNotice | null;
}

function PromoCodeForm({ linkedCodes, formNotice = null }: Props) {
  useSeed(seedLinkedCodesAtom, linkedCodes);
  const codes = useAtomValue(linkedCodesListAtom);
  const request = useAtomValue(promoRequestAtom);
  const message = useAtomValue(promoMessageAtom);
  const submit = useSetAtom(submitPromoCodeAtom);
  const [problem, setProblem] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = v.safeParse(PromoCodeRequestSchema, { code: String(new FormData(form).get('code') ?? '') });
    if (!parsed.success) {
      setProblem(`${parsed.issues[0]?.message ?? 'Enter a promo code'}.`);
      return;
    }
    setProblem('');
    const result = await submit(parsed.output);
    if (result === 'signIn' && shouldTriggerSignIn(401, window.location.pathname))
      goToSignIn(`${window.location.pathname}${window.location.search}`);
    if (result === 'done') form.reset();
  };

  // the plain form's answer, until the island has sent a code of its own
  const fromForm = request.status === 'initial' ? formNotice : null;
  const text = problem || (request.status === 'loading' ? 'Checking the code…' : (fromForm?.text ?? message));
  const tone = problem || request.error || fromForm?.tone === 'error' ? 'error' : 'ok';
  const state = problem ? 'error' : fromForm ? (fromForm.tone === 'error' ? 'error' : 'loaded') : request.status;
  return (
    <section className="rewards-card promo" aria-labelledby="promo-title" data-testid="promo-codes">
      <h2 id="promo-title">Promo codes</h2>
      {codes.length > 0 ? (
        <ul className="promo-codes" aria-label="Promo codes linked to your card" data-testid="linked-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      ) : (
        <p className="quiet">No promo codes linked yet.</p>
      )}
      <form
        method="post"
        action={LOYALTY_PATHS.PROMO_CODES}
        className="promo-form"
        data-testid="promo-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={request.loading}
      >
        <label>
          Promo code
          <input
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_PROMO_CODE_LENGTH}
            required
            aria-describedby="promo-answer"
          />
        </label>
        <button type="submit" disabled={request.loading}>
          Link code
        </button>
      </form>
      <p
        id="promo-answer"
        className={`promo-answer promo-answer--${tone}`}
        role="status"
        aria-live="polite"
        data-testid="promo-answer"
        data-state={state}
      >
        {text}
      </p>
    </section>
  );
}

export default withIslandStore(PromoCodeForm);
