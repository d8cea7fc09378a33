import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { CHECKOUT_MESSAGES, type Checkout } from '../../lib/checkout/contracts.ts';
import { formChange } from '../../lib/checkout/form.ts';
import { hydratedAtom } from './atoms.ts';
import { SectionForm, SectionMessage } from './SectionForm.tsx';
import type { useSectionSave } from './useSectionSave.ts';

// shopping §4 Age verification: a modal once hydrated; without JavaScript the same form, open in
// the page, so the birth date can be given before the order is placed.

export function AgeDialog({ view, saving }: { view: Checkout; saving: ReturnType<typeof useSectionSave> }) {
  const hydrated = useAtomValue(hydratedAtom);
  const dialog = useRef<HTMLDialogElement>(null);
  const needsAge = view.checkoutOptions.minimumAge !== null && !view.checkoutOptions.dateOfBirth;
  const { save, busy } = saving;
  useEffect(() => {
    const element = dialog.current;
    if (!hydrated || !needsAge || !element || element.matches(':modal')) return;
    if (element.open) element.close();
    element.showModal();
  }, [hydrated, needsAge]);
  return (
    <dialog
      ref={dialog}
      open={!hydrated && needsAge ? true : undefined}
      aria-labelledby="age-heading"
      className="age-dialog"
      data-testid="age-dialog"
    >
      <SectionForm
        intent="age"
        checkoutId={view.id}
        onFields={(fields) => {
          const asked = formChange('age', fields);
          if ('error' in asked) return;
          void save('age', asked.change).then((done) => {
            if (done) dialog.current?.close();
          });
        }}
      >
        <h2 id="age-heading">Verify your age</h2>
        <p>Some items in your cart are for buyers {view.checkoutOptions.minimumAge} or older.</p>
        <p className="notice">{CHECKOUT_MESSAGES.NO_CONTACTLESS}</p>
        <label>
          Birth date <input type="date" name="dateOfBirth" required max={new Date().toISOString().slice(0, 10)} />
        </label>
        <SectionMessage section="age" />
        <div className="actions">
          <button type="submit" disabled={busy('age')}>
            {busy('age') ? 'Checking…' : 'Confirm birth date'}
          </button>
          <a href="/cart">Back to cart</a>
        </div>
      </SectionForm>
    </dialog>
  );
}
