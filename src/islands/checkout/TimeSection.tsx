import { useMemo, useRef, useState } from 'react';
import type { Checkout } from '../../lib/checkout/contracts.ts';
import { formChange } from '../../lib/checkout/form.ts';
import { formatCents } from '../../lib/money/money.ts';
import { formatDay, formatInstantClock, formatSlot, formatWindow } from '../../lib/time/display.ts';
import { usePickBeforeHydration } from './pick-before-hydration.ts';
import { NoScriptSubmit, SectionForm, SectionMessage } from './SectionForm.tsx';
import type { useSectionSave } from './useSectionSave.ts';

// The pickup or delivery time (shopping §7): a day, then a slot of that day. The days are links
// (?day=…) so the choice works without JavaScript too; a slot is chosen as soon as it is picked.

export interface Slot {
  slotId: string;
  date: string;
  startTime: string;
  endTime: string;
  feeCents: number;
  available: number;
}

export function TimeSection({
  view,
  slots,
  timeZone,
  initialDay,
  saving,
}: {
  view: Checkout;
  slots: Slot[];
  timeZone: string | null;
  initialDay: string | null;
  saving: ReturnType<typeof useSectionSave>;
}) {
  const days = useMemo(() => [...new Set(slots.map((slot) => slot.date))], [slots]);
  const held = view.fulfillment.promiseSelections[0] ?? null;
  // A time whose day is no longer offered (it has passed: a checkout left open overnight) is not
  // shown as held, and its day does not hide the days that are offered (the list was empty).
  const gone = held !== null && !days.includes(held.date);
  const chosen = gone ? null : held;
  // the hold ends at an instant, read on the store's clock like the slot itself
  const holdZone = chosen?.timeZone ?? timeZone;
  // without a day asked for or a time held, the first day with a time still open: late in the
  // evening today's last times may all be full (decision 672)
  const [day, setDay] = useState(
    (initialDay && days.includes(initialDay) ? initialDay : null) ??
      chosen?.date ??
      slots.find((slot) => slot.available > 0)?.date ??
      days[0] ??
      '',
  );
  const { save, busy } = saving;
  // The time the shopper just tapped shows as theirs while the store holds it: a controlled radio
  // would otherwise spring back to the held one (or to none) for the round trip, a tap that seems
  // lost on a slow phone. Refused, the held time comes back exactly (the section says why).
  const [picking, setPicking] = useState<string | null>(null);
  const pick = async (slotId: string) => {
    setPicking(slotId);
    await save('time', { slotId });
    setPicking(null);
  };
  const shown = picking ?? chosen?.slotId ?? null;
  const slotsRef = useRef<HTMLFieldSetElement>(null);
  usePickBeforeHydration(slotsRef, 'slotId', chosen?.slotId ?? null, (slotId) => void pick(slotId));
  return (
    <section aria-labelledby="time-heading" className="panel" id="time">
      <h2 id="time-heading">2. {view.modalityType === 'DELIVERY' ? 'Delivery' : 'Pickup'} time</h2>
      {gone && (
        <p role="status" data-testid="checkout-slot-gone">
          The time you chose, {formatSlot(held)}, is no longer available. Please choose another time.
        </p>
      )}
      {picking !== null && picking !== chosen?.slotId && (
        <p role="status" data-testid="checkout-slot-holding">
          Holding this time for you…
        </p>
      )}
      {chosen && (picking === null || picking === chosen.slotId) && (
        <p role="status" data-testid="checkout-slot-chosen">
          <span data-testid="checkout-slot-window">{formatSlot(chosen)}</span>
          {chosen.feeCents > 0 ? ` · ${formatCents(chosen.feeCents)}` : ''}.{' '}
          {holdZone
            ? `Held for you until ${formatInstantClock(Date.parse(chosen.heldUntil), holdZone)}.`
            : 'Held for you.'}
        </p>
      )}
      {slots.length === 0 ? (
        <p>No times are open in the coming days. Please try another store.</p>
      ) : (
        <>
          <nav className="days" aria-label="Day">
            {days.map((date) => (
              <a
                key={date}
                href={`?day=${date}#time`}
                className="chip"
                aria-current={date === day ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setDay(date);
                }}
              >
                {formatDay(date)}
              </a>
            ))}
          </nav>
          <SectionForm
            intent="time"
            checkoutId={view.id}
            onFields={(fields) => {
              const asked = formChange('time', fields);
              if ('change' in asked && asked.change.slotId) void pick(asked.change.slotId);
              else if ('change' in asked) void save('time', asked.change);
            }}
          >
            <fieldset className="slots" disabled={busy('time')} ref={slotsRef}>
              <legend className="sr-only">Time on {day ? formatDay(day) : ''}</legend>
              {slots
                .filter((slot) => slot.date === day)
                .map((slot) => (
                  <label key={slot.slotId} className="slot">
                    <input
                      type="radio"
                      name="slotId"
                      value={slot.slotId}
                      checked={shown === slot.slotId}
                      disabled={slot.available === 0 && chosen?.slotId !== slot.slotId}
                      onChange={() => void pick(slot.slotId)}
                    />
                    <span>{formatWindow(slot.startTime, slot.endTime)}</span>
                    <span className="muted">
                      {slot.available === 0 ? 'Full' : slot.feeCents > 0 ? formatCents(slot.feeCents) : 'Free'}
                    </span>
                  </label>
                ))}
            </fieldset>
            <NoScriptSubmit testId="checkout-time-submit">Choose this time</NoScriptSubmit>
          </SectionForm>
        </>
      )}
      <SectionMessage section="time" />
    </section>
  );
}
