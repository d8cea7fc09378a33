import { useRef } from 'react';
import type { Checkout } from '../../lib/checkout/contracts.ts';
import { formChange } from '../../lib/checkout/form.ts';
import { tipChoiceLabel } from '../../lib/checkout/rules.ts';
import { formatCents } from '../../lib/money/money.ts';
import { usePickBeforeHydration } from './pick-before-hydration.ts';
import { SectionForm, SectionMessage } from './SectionForm.tsx';
import type { useSectionSave } from './useSectionSave.ts';

// The tip (shopping §7): labelled choices ("10% · $1.62") or another amount up to the maximum.

export function TipSection({ view, saving }: { view: Checkout; saving: ReturnType<typeof useSectionSave> }) {
  const { save, busy, say } = saving;
  const locked = !view.gratuity.modifiable;
  const tipsRef = useRef<HTMLFieldSetElement>(null);
  usePickBeforeHydration(tipsRef, 'tip', String(view.gratuity.amount), (cents) => {
    if (!locked) void save('tip', { gratuityCents: Number(cents) });
  });
  return (
    <section aria-labelledby="tip-heading" className="panel" id="tip">
      <h2 id="tip-heading">Tip</h2>
      <p className="muted">
        Every cent of the tip goes to the team who {view.modalityType === 'DELIVERY' ? 'shops and delivers' : 'picks'}{' '}
        your order.
      </p>
      <SectionForm
        intent="tip"
        checkoutId={view.id}
        onFields={(fields) => {
          const asked = formChange('tip', fields);
          if ('error' in asked) say('tip', asked.error);
          else void save('tip', asked.change);
        }}
      >
        <fieldset className="tips" disabled={locked || busy('tip')} ref={tipsRef}>
          <legend className="sr-only">Tip amount</legend>
          {[0, ...view.gratuity.suggestions].map((cents) => (
            <label key={cents} className="chip" data-testid="tip-choice">
              <input
                type="radio"
                name="tip"
                value={cents}
                checked={view.gratuity.amount === cents}
                onChange={() => void save('tip', { gratuityCents: cents })}
              />
              {cents === 0 ? 'No tip' : tipChoiceLabel(cents, view.summary.itemTotal)}
            </label>
          ))}
        </fieldset>
        <div className="inline-form">
          <label>
            Other amount ($, up to {formatCents(view.gratuity.maximumAmount)}){' '}
            <input name="customTip" inputMode="decimal" disabled={locked} />
          </label>
          <button type="submit" className="secondary" disabled={locked || busy('tip')}>
            Set tip
          </button>
        </div>
      </SectionForm>
      <SectionMessage section="tip" />
    </section>
  );
}
