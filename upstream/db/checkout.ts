import type { Checkout, Order } from '../../src/lib/checkout/contracts.ts';
import { SLOT_HOLD_MINUTES } from '../../src/lib/checkout/contracts.ts';
import type { SubstitutionPolicy } from '../../src/lib/basket/contracts.ts';
import type { Modality } from '../../src/lib/catalog/product.ts';
import { slotPlan, type SlotModality } from '../../src/lib/checkout/slots.ts';
import { parseStoreHours, type WeekHours } from '../../src/lib/location/store-hours.ts';
import { localParts, zonedInstant } from '../../src/lib/time/zoned.ts';
import { forGtinChunks } from './basket.ts';

// Checkout storage (migrations/0022_checkout.sql; issue 13): time slots made on first ask and
// held with one conditional statement, the DRAFT checkout document and orders (flash-sale claims: flash-sales.ts).
// Slots are planned on the store's own clock and hours (src/lib/checkout/slots.ts).
// docs/decisions/340-checkout.md, 490-store-local-time.md

export interface SlotRow {
  slot_id: string;
  location_id: string;
  modality: SlotModality;
  slot_date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  fee_cents: number;
  available: number;
}

/** A store's clock: its IANA time zone and its opening hours per weekday (null when its hours text is not understood). */
async function storeClock(
  db: D1Database,
  locationId: string,
): Promise<{ timeZone: string; hours: WeekHours | null } | null> {
  const row = await db
    .prepare('SELECT time_zone, hours FROM stores WHERE location_id = ?1')
    .bind(locationId)
    .first<{ time_zone: string; hours: string }>();
  return row ? { timeZone: row.time_zone, hours: parseStoreHours(row.hours) } : null;
}

/** Today's date on the store's clock (YYYY-MM-DD); the UTC date for a store the table does not know. */
export async function storeToday(db: D1Database, locationId: string, now: number): Promise<string> {
  const clock = await storeClock(db, locationId);
  return clock ? localParts(now, clock.timeZone).date : new Date(now).toISOString().slice(0, 10);
}

const TAKEN =
  '(SELECT COUNT(*) FROM timeslot_holds h WHERE h.slot_id = t.slot_id AND (h.booked = 1 OR h.expires_at > ?3))';

/**
 * The store's slots for the coming days with the places left (made on first ask, in one
 * statement), and the store's time zone; no slots for a store whose hours are not understood.
 */
export async function timeslots(
  db: D1Database,
  locationId: string,
  modality: SlotModality,
  now: number,
): Promise<{ timeZone: string; slots: SlotRow[] }> {
  const clock = await storeClock(db, locationId);
  if (!clock?.hours) return { timeZone: clock?.timeZone ?? 'UTC', slots: [] };
  const plan = slotPlan({ locationId, timeZone: clock.timeZone, hours: clock.hours }, modality, now);
  if (plan.length === 0) return { timeZone: clock.timeZone, slots: [] };
  await db
    .prepare(
      `INSERT OR IGNORE INTO timeslots (slot_id, location_id, modality, slot_date, start_time, end_time, capacity, fee_cents)
       SELECT value ->> '$.slotId', value ->> '$.locationId', value ->> '$.modality', value ->> '$.date', value ->> '$.startTime', value ->> '$.endTime', value ->> '$.capacity', value ->> '$.feeCents'
         FROM json_each(?1)`,
    )
    .bind(JSON.stringify(plan))
    .run();
  const { results } = await db
    .prepare(
      `SELECT t.*, max(0, t.capacity - ${TAKEN}) AS available FROM timeslots t
        WHERE t.location_id = ?1 AND t.modality = ?2 AND t.slot_date >= ?4 AND t.slot_id IN (SELECT value FROM json_each(?5))
        ORDER BY t.slot_date, t.start_time`,
    )
    .bind(locationId, modality, now, plan[0]!.date, JSON.stringify(plan.map((slot) => slot.slotId)))
    .all<SlotRow>();
  return { timeZone: clock.timeZone, slots: results };
}

/** A slot that has not started yet on its store's clock, with the places left and the store's time zone; null when unknown or started. */
export async function openTimeslot(
  db: D1Database,
  slotId: string,
  now: number,
): Promise<(SlotRow & { time_zone: string }) | null> {
  const slot = await db
    .prepare(
      `SELECT t.*, s.time_zone, max(0, t.capacity - ${TAKEN.replace('?3', '?2')}) AS available FROM timeslots t JOIN stores s ON s.location_id = t.location_id WHERE t.slot_id = ?1`,
    )
    .bind(slotId, now)
    .first<SlotRow & { time_zone: string }>();
  return slot && zonedInstant(slot.slot_date, slot.start_time, slot.time_zone) > now ? slot : null;
}

/**
 * Holds a place in a slot for a checkout (and lets go of any other slot it held). One statement
 * counts the places others hold or booked and inserts only if one is left: two shoppers cannot
 * both take the last place. Returns the hold's expiry, or null when the slot is full.
 */
export async function holdSlot(
  db: D1Database,
  slotId: string,
  checkoutId: string,
  now: number,
): Promise<number | null> {
  const expiresAt = now + SLOT_HOLD_MINUTES * 60_000;
  const [, held] = await db.batch([
    db
      .prepare('DELETE FROM timeslot_holds WHERE checkout_id = ?1 AND booked = 0 AND slot_id != ?2')
      .bind(checkoutId, slotId),
    db
      .prepare(
        `INSERT INTO timeslot_holds (slot_id, checkout_id, expires_at, booked)
         SELECT ?1, ?2, ?3, 0 WHERE
           (SELECT COUNT(*) FROM timeslot_holds h WHERE h.slot_id = ?1 AND h.checkout_id != ?2 AND (h.booked = 1 OR h.expires_at > ?4))
           < (SELECT capacity FROM timeslots WHERE slot_id = ?1)
         ON CONFLICT (slot_id, checkout_id) DO UPDATE SET expires_at = excluded.expires_at`,
      )
      .bind(slotId, checkoutId, expiresAt, now),
  ]);
  return (held?.meta.changes ?? 0) > 0 ? expiresAt : null;
}

/** The checkout's hold on its slot: live (held or booked), or gone. */
export async function slotHold(
  db: D1Database,
  slotId: string,
  checkoutId: string,
  now: number,
): Promise<'held' | 'expired'> {
  const row = await db
    .prepare('SELECT expires_at, booked FROM timeslot_holds WHERE slot_id = ?1 AND checkout_id = ?2')
    .bind(slotId, checkoutId)
    .first<{ expires_at: number; booked: number }>();
  return row && (row.booked === 1 || row.expires_at > now) ? 'held' : 'expired';
}

/** What the checkout keeps between calls; the lines are read from the cart each time. */
export interface CheckoutDocument {
  modalityType: Modality;
  locationId: string;
  contact: Checkout['fulfillment']['contact'];
  instructions: string;
  slot: Checkout['fulfillment']['promiseSelections'][number] | null;
  dateOfBirth: string | null;
  gratuityCents: number;
  cardId: string | null;
  ebtRequestedCents: number;
  lineExtras: Record<string, { substitutionPolicy?: SubstitutionPolicy; instructions: string }>;
}

export interface CheckoutRow {
  id: string;
  customer_guid: string;
  banner: string;
  status: 'DRAFT' | 'PLACED';
  version: number;
  document: string;
  order_number: string | null;
}

export async function draftCheckout(db: D1Database, customerGUID: string, banner: string): Promise<CheckoutRow | null> {
  return db
    .prepare(`SELECT * FROM checkouts WHERE customer_guid = ?1 AND banner = ?2 AND status = 'DRAFT'`)
    .bind(customerGUID, banner)
    .first<CheckoutRow>();
}

/** The contact of the shopper's last placed order (any banner): a new checkout starts from it (issue 22 §4). */
export async function lastOrderContact(
  db: D1Database,
  customerGUID: string,
): Promise<CheckoutDocument['contact'] | null> {
  const row = await db
    .prepare(
      `SELECT json_extract(document, '$.contact') AS contact FROM checkouts WHERE customer_guid = ?1 AND status = 'PLACED' ORDER BY updated_at DESC LIMIT 1`,
    )
    .bind(customerGUID)
    .first<{ contact: string | null }>();
  return row?.contact ? (JSON.parse(row.contact) as CheckoutDocument['contact']) : null;
}

export async function checkoutById(db: D1Database, id: string, customerGUID: string): Promise<CheckoutRow | null> {
  return db
    .prepare('SELECT * FROM checkouts WHERE id = ?1 AND customer_guid = ?2')
    .bind(id, customerGUID)
    .first<CheckoutRow>();
}

/** Product facts the checkout needs beyond the cart's: age limits and departments. */
export async function productFacts(
  db: D1Database,
  gtins: readonly string[],
): Promise<Map<string, { minimumAge: number | null; departmentId: string }>> {
  const facts = new Map<string, { minimumAge: number | null; departmentId: string }>();
  await forGtinChunks(gtins, async (chunk, marks) => {
    const { results } = await db
      .prepare(`SELECT gtin13, minimum_age, department_id FROM products WHERE ?1 IS NULL AND gtin13 IN (${marks})`)
      .bind(null, ...chunk)
      .all<{ gtin13: string; minimum_age: number | null; department_id: string }>();
    for (const row of results) facts.set(row.gtin13, { minimumAge: row.minimum_age, departmentId: row.department_id });
  });
  return facts;
}

/** The shopper's order placed on this banner (another banner's is not theirs to read here), with its cancel. */
export async function orderByNumber(
  db: D1Database,
  orderNumber: string,
  customerGUID: string,
  banner: string,
): Promise<Order | null> {
  const row = await db
    .prepare(
      'SELECT o.document, s.status FROM orders o LEFT JOIN order_status s ON s.order_number = o.order_number WHERE o.order_number = ?1 AND o.customer_guid = ?2 AND o.banner = ?3',
    )
    .bind(orderNumber, customerGUID, banner)
    .first<{ document: string; status: string | null }>();
  return row
    ? { ...(JSON.parse(row.document) as Order), status: row.status === 'CANCELLED' ? 'CANCELLED' : 'PLACED' }
    : null;
}

export async function orderOfCheckout(db: D1Database, checkoutId: string): Promise<Order | null> {
  // with its status as it stands: a place repeated after a cancel answers the order CANCELLED
  const row = await db
    .prepare(
      'SELECT o.document, s.status FROM orders o LEFT JOIN order_status s ON s.order_number = o.order_number WHERE o.checkout_id = ?1',
    )
    .bind(checkoutId)
    .first<{ document: string; status: string | null }>();
  return row
    ? { ...(JSON.parse(row.document) as Order), status: row.status === 'CANCELLED' ? 'CANCELLED' : 'PLACED' }
    : null;
}

/** A 10-digit order number. */
export function newOrderNumber(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `${1 + ((digits[0] ?? 0) % 9)}${String((digits[1] ?? 0) % 1_000_000_000).padStart(9, '0')}`;
}
