import * as v from 'valibot';
import { IDEMPOTENCY_KEY_PATTERN } from '../basket/contracts.ts';
import { parseDollarsToCents } from '../money/money.ts';
import type { UpstreamCall } from '../http/upstream-client.ts';
import { CHECKOUT_ID_PATTERN, CHECKOUT_PATHS, ModifyCheckoutSchema, type ModifyCheckout } from './contracts.ts';

// The checkout page's forms (issue 22 §4): every section is a POST form to one edge endpoint,
// so the checkout works end to end without JavaScript; the island sends the same fields as its
// JSON calls. Personal data travels in the body only, never in a URL (docs/decisions/561).

/** The edge endpoint every checkout form posts to (a form endpoint: CSRF allows its form body). */
export const CHECKOUT_FORM_PATH = '/checkout/api/v1/forms';
export const CHECKOUT_PAGE = '/checkout';
/**
 * The hidden field the checkout island adds to the place-order form, which it lets post itself:
 * with it the edge answers the POST with the order's confirmation, one round trip (issue 22 §5,
 * worker/middleware/sign-in-landing). Never in the server's HTML: without JavaScript the form gets
 * the 303 as before.
 */
export const CHECKOUT_LANDING_FIELD = 'landing';

/**
 * The hidden field of a place-order form drawn without the flash sales' offers held (a checkout
 * fetched ahead, decision 653): a total refused as changed is tried again once the edge has claimed
 * them (worker/routes/checkout-place-form.ts, decision 668).
 */
export const CLAIM_FIRST_FIELD = 'claimFlashSales';

export const CHECKOUT_FORM_INTENTS = ['time', 'contact', 'age', 'tip', 'payment', 'ebt', 'place'] as const;
export type CheckoutFormIntent = (typeof CHECKOUT_FORM_INTENTS)[number];

export type FormFields = Readonly<Record<string, string | undefined>>;

const text = (fields: FormFields, name: string) => (fields[name] ?? '').trim();

/** The contact fields of the form as a modification's contact (phone digits only, state upper case). */
function contactOf(fields: FormFields, withAddress: boolean): NonNullable<ModifyCheckout['contact']> {
  const email = text(fields, 'email');
  const line2 = text(fields, 'addressLine2');
  return {
    firstName: text(fields, 'firstName'),
    lastName: text(fields, 'lastName'),
    phone: text(fields, 'phone').replace(/\D/g, ''),
    ...(email ? { email } : {}),
    ...(withAddress
      ? {
          address: {
            addressLine1: text(fields, 'addressLine1'),
            ...(line2 ? { addressLine2: line2 } : {}),
            city: text(fields, 'city'),
            state: text(fields, 'state').toUpperCase(),
            zipCode: text(fields, 'zipCode'),
          },
        }
      : {}),
  };
}

/** What to fix, in words a shopper reads: the first issue of a refused change. */
function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const key = issue?.path?.map((item) => String(item.key)).pop();
  const label: Record<string, string> = {
    phone: 'Phone',
    email: 'Email',
    zipCode: 'ZIP code',
    state: 'State',
    slotId: 'Time',
    dateOfBirth: 'Birth date',
    cardId: 'Card',
  };
  const message = issue?.message ?? 'Please check this section.';
  return key && label[key] && message.startsWith('must') ? `${label[key]} ${message}.` : message;
}

/**
 * The modification a section's form asks for, or what to fix.
 * `formChange('tip', { tip: '150' }) → { change: { gratuityCents: 150 } }`
 */
export function formChange(
  intent: Exclude<CheckoutFormIntent, 'place'>,
  fields: FormFields,
): { change: ModifyCheckout } | { error: string } {
  let candidate: Record<string, unknown>;
  switch (intent) {
    case 'time':
      candidate = { slotId: text(fields, 'slotId') };
      break;
    case 'contact':
      candidate = { contact: contactOf(fields, fields.addressLine1 !== undefined) };
      break;
    case 'age':
      candidate = { dateOfBirth: text(fields, 'dateOfBirth') };
      break;
    case 'tip': {
      const custom = text(fields, 'customTip').replace(/^\$/, '');
      const cents = custom ? parseDollarsToCents(custom) : Number.parseInt(text(fields, 'tip'), 10);
      if (cents === null || !Number.isInteger(cents)) return { error: 'Enter a tip in dollars and cents.' };
      candidate = { gratuityCents: cents };
      break;
    }
    case 'payment':
      candidate = { cardId: text(fields, 'cardId') };
      break;
    case 'ebt': {
      const cents = parseDollarsToCents(text(fields, 'ebt').replace(/^\$/, '') || '0');
      if (cents === null) return { error: 'Enter an EBT amount in dollars and cents.' };
      candidate = { ebtRequestedCents: cents };
      break;
    }
    default: {
      const never: never = intent;
      throw new Error(`unknown checkout form ${String(never)}`);
    }
  }
  const parsed = v.safeParse(ModifyCheckoutSchema, candidate);
  return parsed.success ? { change: parsed.output } : { error: firstIssue(parsed.issues) };
}

/** The place-order form: the checkout, the total the shopper saw and the attempt's key. */
export const PlaceOrderFormSchema = v.object({
  checkoutId: v.pipe(v.string(), v.regex(CHECKOUT_ID_PATTERN, 'must be a checkout id')),
  expectedTotalCents: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be whole cents'),
    v.transform((value) => Number(value)),
  ),
  /** what the shopper saw the card pay (decision 630); a form from before it leaves it out */
  expectedCardCents: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be whole cents'),
      v.transform((value) => Number(value)),
    ),
  ),
  idempotencyKey: v.pipe(v.string(), v.regex(IDEMPOTENCY_KEY_PATTERN, 'must be an idempotency key')),
});

/** The cookie that carries a form's outcome back to the checkout for one render (a message is never put in a URL, where a link could forge it). */
export const CHECKOUT_NOTICE_COOKIE = 'checkout-notice';

export interface CheckoutNotice {
  section: CheckoutFormIntent;
  error: string | null;
}

/** A notice as the cookie's value. `encodeNotice({ section: 'tip', error: null }) === '%7B%22section%22%3A%22tip%22%2C%22error%22%3Anull%7D'` */
export function encodeNotice(notice: CheckoutNotice): string {
  return encodeURIComponent(JSON.stringify({ section: notice.section, error: notice.error?.slice(0, 200) ?? null }));
}

/** The notice of the cookie's value, or null when it is not one. */
export function decodeNotice(value: string | undefined): CheckoutNotice | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { section?: unknown; error?: unknown };
    if (typeof parsed.section !== 'string' || !(CHECKOUT_FORM_INTENTS as readonly string[]).includes(parsed.section))
      return null;
    return {
      section: parsed.section as CheckoutFormIntent,
      error: typeof parsed.error === 'string' ? parsed.error.slice(0, 200) : null,
    };
  } catch {
    return null;
  }
}

/**
 * The upstream call of a section form's change: shopping §7 "Modify checkout (POST with an
 * idempotency key)", a key of its own per form post (decision 661: the plain forms sent none).
 */
export function formModifyCall(checkoutId: string, change: ModifyCheckout): UpstreamCall {
  return {
    method: 'POST',
    path: CHECKOUT_PATHS.checkout(checkoutId),
    body: change,
    idempotencyKey: crypto.randomUUID(),
  };
}
