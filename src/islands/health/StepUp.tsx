import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { IssuedTokenResponseSchema, StepUpResponseSchema } from '../../lib/auth/account-contracts.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { ACCOUNT_MESSAGES, SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { redirectToSignIn } from '../cart/api.ts';
import { islandFetch } from '../shared/fetch.ts';

// The pharmacy's step-up (issue 12 part 6; account §7): the shopper enters their password again,
// the identity service issues a short-lived STEP_UP token (POST /auth/api/token), and
// GET /rx-security/stepup-auth with it as a bearer token lets the edge remember the step-up for
// this session (worker/step-up.ts); the page then opens.

export default function StepUp() {
  const [mounted, setMounted] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'failed'; message?: string }>({ kind: 'idle' });
  useEffect(() => setMounted(true), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const form = event.currentTarget;
    const password = String(new FormData(form).get('password') ?? '');
    setState({ kind: 'sending' });
    try {
      const issued = await islandFetch('/auth/api/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password, purpose: 'STEP_UP' }),
      });
      if (issued.status === 401 || issued.status === 403) {
        const payload: unknown = await issued.json().catch(() => null);
        const reason = v.safeParse(ErrorBodySchema, payload);
        // a wrong password is 401 too: say so rather than leave the page
        if (reason.success && /password/i.test(reason.output.errors[0]?.reason ?? '')) {
          setState({ kind: 'failed', message: reason.output.errors[0]!.reason });
          form.reset();
          return;
        }
        redirectToSignIn();
        return;
      }
      if (!issued.ok) {
        const payload: unknown = await issued.json().catch(() => null);
        const reason = v.safeParse(ErrorBodySchema, payload);
        setState({
          kind: 'failed',
          message:
            issued.status < 500 && reason.success
              ? (reason.output.errors[0]?.reason ?? ACCOUNT_MESSAGES.GENERIC)
              : ACCOUNT_MESSAGES.GENERIC,
        });
        form.reset();
        return;
      }
      const { token } = v.parse(IssuedTokenResponseSchema, await issued.json()).data;
      const stepped = await islandFetch('/rx-security/stepup-auth', { headers: { authorization: `Bearer ${token}` } });
      if (!stepped.ok) throw new Error(`status ${stepped.status}`);
      v.parse(StepUpResponseSchema, await stepped.json());
      window.location.reload();
    } catch {
      setState({
        kind: 'failed',
        message: navigator.onLine ? ACCOUNT_MESSAGES.GENERIC : SHOPPING_MESSAGES.GIFT_CARD_OFFLINE,
      });
    }
  }

  return (
    <form
      className="step-up"
      onSubmit={(event) => void submit(event)}
      data-hydrated={mounted ? '' : undefined}
      data-testid="step-up"
    >
      <h2>Confirm it’s you</h2>
      <p>Your prescriptions are private. Enter your password again to open the pharmacy for the next 15 minutes.</p>
      <label>
        Password <input type="password" name="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={!mounted || state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Checking…' : 'Continue'}
      </button>
      {state.message && (
        <p className="notice error" role="alert" data-testid="step-up-error">
          {state.message}
        </p>
      )}
    </form>
  );
}
