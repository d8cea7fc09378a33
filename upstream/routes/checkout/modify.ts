import type { ModifyCheckout } from '../../../src/lib/checkout/contracts.ts';
import { CHECKOUT_MESSAGES } from '../../../src/lib/checkout/contracts.ts';
import { ageOn, tipProblem } from '../../../src/lib/checkout/rules.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { holdSlot, openTimeslot, storeToday, type CheckoutDocument } from '../../db/checkout.ts';
import { updateDraft } from '../../db/checkout-writes.ts';
import { WriteConflictError, type RecordAnswer } from '../../db/idempotency.ts';
import { cardForPayment } from '../../db/wallet.ts';
import { customerOf, needsSlot, ownCheckout, versionKey, type CheckoutContext } from './context.ts';
import { answerPricing, checkoutView } from './priced.ts';

/**
 * A modification of the shopper's DRAFT checkout (shopping §4): a stale If-Match is 412; each
 * field checked against the checkout as priced now, then written with its answer.
 */
export async function modifyCheckout(
  c: CheckoutContext,
  body: ModifyCheckout,
  ifMatch: string | null,
  record: RecordAnswer,
) {
  const customer = customerOf(c);
  const db = c.env.DB;
  const row = await ownCheckout(c);
  if (row.status !== 'DRAFT') throw new HttpError(ERROR_CODES.CONFLICT, 'This order has already been placed', 409);
  if (ifMatch !== null && ifMatch !== '*' && ifMatch !== versionKey(row.version))
    throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The checkout was changed since it was read', 412);
  const doc = JSON.parse(row.document) as CheckoutDocument;
  const next: CheckoutDocument = { ...doc, lineExtras: { ...doc.lineExtras } };
  const now = c.get('call').now;
  const before = await checkoutView(c, row);
  if (body.slotId !== undefined) {
    if (!needsSlot(doc.modalityType) || !body.slotId.startsWith(`${doc.locationId}-${doc.modalityType}-`))
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'That time slot is not for this store and way to shop', 422, [
        'slotId',
      ]);
    // a slot that started on the store's clock is gone
    const slot = await openTimeslot(db, body.slotId, now);
    if (!slot) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such time slot', 404, ['slotId']);
    const heldUntil = await holdSlot(db, slot.slot_id, row.id, now);
    if (heldUntil === null) throw new HttpError(ERROR_CODES.CONFLICT, CHECKOUT_MESSAGES.SLOT_FULL, 409, ['slotId']);
    next.slot = {
      slotId: slot.slot_id,
      date: slot.slot_date,
      startTime: slot.start_time,
      endTime: slot.end_time,
      feeCents: slot.fee_cents,
      heldUntil: new Date(heldUntil).toISOString(),
      timeZone: slot.time_zone,
    };
  }
  if (body.contact) {
    const address = body.contact.address === undefined ? doc.contact.address : body.contact.address;
    next.contact = {
      ...doc.contact,
      firstName: body.contact.firstName,
      lastName: body.contact.lastName,
      phone: body.contact.phone,
      email: body.contact.email ?? doc.contact.email,
      address,
    };
  }
  if (body.instructions !== undefined) next.instructions = body.instructions;
  if (body.gratuityCents !== undefined) {
    // shopping §4: only while DRAFT and when the server says the tip can be updated
    const problem = tipProblem(body.gratuityCents, before.gratuity);
    if (problem) throw new HttpError(ERROR_CODES.UNPROCESSABLE, problem, 422, ['gratuityCents']);
    next.gratuityCents = body.gratuityCents;
  }
  if (body.dateOfBirth !== undefined) {
    const age = ageOn(body.dateOfBirth, await storeToday(db, doc.locationId, now));
    if (age === null) throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'Enter a real birth date', 422, ['dateOfBirth']);
    const minimum = before.checkoutOptions.minimumAge;
    if (minimum !== null && age < minimum)
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, CHECKOUT_MESSAGES.UNDER_AGE(minimum), 422, ['dateOfBirth']);
    next.dateOfBirth = body.dateOfBirth;
  }
  if (body.cardId !== undefined) {
    if (!(await cardForPayment(db, customer.customerGUID, body.cardId)))
      throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such card in your wallet', 404, ['cardId']);
    next.cardId = body.cardId;
  }
  if (body.ebtRequestedCents !== undefined) next.ebtRequestedCents = body.ebtRequestedCents;
  for (const line of body.lineItems ?? []) {
    if (!before.lineItems.some((item) => item.gtin13 === line.gtin13))
      throw new HttpError(ERROR_CODES.NOT_FOUND, `No line for ${line.gtin13} in this checkout`, 404, [line.gtin13]);
    const current = next.lineExtras[line.gtin13] ?? { instructions: '' };
    next.lineExtras[line.gtin13] = {
      ...current,
      ...(line.substitutionPolicy ? { substitutionPolicy: line.substitutionPolicy } : {}),
      ...(line.instructions !== undefined ? { instructions: line.instructions } : {}),
    };
  }
  const written = { ...row, version: row.version + 1, document: JSON.stringify(next) };
  // an answer that overtakes the page's flash-sale claim shows the claim's prices when asked (decision 680)
  const view = await checkoutView(c, written, answerPricing(c));
  const updated = await updateDraft(db, row, written.document, now, record({ status: 200, body: { data: view } }));
  if (!updated) throw new WriteConflictError();
  return { status: 200, body: { data: view } };
}
