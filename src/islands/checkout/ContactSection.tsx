import { useState } from 'react';
import type { Checkout, ModifyCheckout } from '../../lib/checkout/contracts.ts';
import { formChange, type FormFields } from '../../lib/checkout/form.ts';
import { NoScriptSubmit, SectionForm, SectionMessage, fieldsOf } from './SectionForm.tsx';
import type { useSectionSave } from './useSectionSave.ts';

// Contact and address (issue 22 §4): prefilled from the profile and the last order, kept as the
// shopper types (saved when a field is left, once the form is complete), no separate Save. A
// delivery offers the address book's addresses. The phone takes any punctuation around its 10
// digits (the server keeps the digits).

export interface SavedAddress {
  addressId: string;
  fullName: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A phone with 10 digits and any spaces, dots, dashes or brackets around them (valid under the v flag). */
const PHONE_PATTERN = '[^0-9]*([0-9][^0-9]*){10}';
const CONTACT_FORM_ID = 'checkout-contact';

/** The contact the checkout holds, as the contact form would send it. */
function savedChange(saved: Checkout['fulfillment']['contact'], withAddress: boolean) {
  const fields: FormFields = {
    firstName: saved.firstName,
    lastName: saved.lastName,
    phone: saved.phone,
    email: saved.email,
    ...(withAddress
      ? {
          addressLine1: saved.address?.addressLine1 ?? '',
          addressLine2: saved.address?.addressLine2 ?? '',
          city: saved.address?.city ?? '',
          state: saved.address?.state ?? '',
          zipCode: saved.address?.zipCode ?? '',
        }
      : {}),
  };
  const asked = formChange('contact', fields);
  return 'change' in asked ? asked.change.contact : null;
}

/** The contact form's change when it differs from what the checkout holds and is complete, else null. */
export function unsavedContact(view: Checkout): ModifyCheckout | null {
  const form = document.getElementById(CONTACT_FORM_ID);
  if (!(form instanceof HTMLFormElement) || !form.checkValidity()) return null;
  const asked = formChange('contact', fieldsOf(form));
  if (!('change' in asked)) return null;
  const saved = savedChange(view.fulfillment.contact, asked.change.contact?.address !== undefined);
  return JSON.stringify(asked.change.contact) === JSON.stringify(saved) ? null : asked.change;
}

export function ContactSection({
  view,
  number,
  addresses,
  saving,
}: {
  view: Checkout;
  number: number;
  addresses: SavedAddress[];
  saving: ReturnType<typeof useSectionSave>;
}) {
  const contact = view.fulfillment.contact;
  const needsAddress = view.modalityType === 'DELIVERY' || view.modalityType === 'SHIP';
  const { save, busy } = saving;
  const [saved, setSaved] = useState(false);
  const keep = async () => {
    const change = unsavedContact(view);
    if (change) setSaved(await save('contact', change));
  };
  const fill = (addressId: string) => {
    const chosen = addresses.find((entry) => entry.addressId === addressId);
    const form = document.getElementById(CONTACT_FORM_ID);
    const fields = form instanceof HTMLFormElement ? form.elements : null;
    if (!chosen || !fields) return;
    const set = (name: string, value: string) => {
      const input = fields.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    set('addressLine1', chosen.addressLine1);
    set('addressLine2', chosen.addressLine2 ?? '');
    set('city', chosen.city);
    set('state', chosen.state);
    set('zipCode', chosen.zipCode.slice(0, 5));
    void keep();
  };
  return (
    <section aria-labelledby="contact-heading" className="panel" id="contact">
      <h2 id="contact-heading">
        {number}. Contact{needsAddress ? ' and address' : ''}
      </h2>
      <SectionForm
        intent="contact"
        checkoutId={view.id}
        className="grid-form"
        id={CONTACT_FORM_ID}
        onBlur={() => void keep()}
        onFields={() => void keep()}
      >
        <label>
          First name <input name="firstName" autoComplete="given-name" required defaultValue={contact.firstName} />
        </label>
        <label>
          Last name <input name="lastName" autoComplete="family-name" required defaultValue={contact.lastName} />
        </label>
        <label>
          Phone{' '}
          <input
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            required
            pattern={PHONE_PATTERN}
            title="A 10-digit phone number"
            defaultValue={contact.phone}
            data-testid="checkout-phone"
          />
        </label>
        {/* a row of its own: an address is longer than a name (cut off in one column at 1280 px) */}
        <label className="wide">
          Email <input name="email" type="email" autoComplete="email" defaultValue={contact.email} />
        </label>
        {needsAddress && addresses.length > 0 && (
          <label className="wide">
            Deliver to a saved address{' '}
            <select
              name="savedAddressId"
              defaultValue=""
              onChange={(event) => fill(event.currentTarget.value)}
              data-testid="checkout-saved-address"
            >
              <option value="">The address below</option>
              {addresses.map((entry) => (
                <option key={entry.addressId} value={entry.addressId}>
                  {entry.fullName}, {entry.addressLine1}, {entry.city} {entry.state}
                </option>
              ))}
            </select>
          </label>
        )}
        {needsAddress && (
          <>
            <label className="wide">
              Street address{' '}
              <input
                name="addressLine1"
                autoComplete="address-line1"
                required
                defaultValue={contact.address?.addressLine1 ?? ''}
              />
            </label>
            <label className="wide">
              Apartment, suite (optional){' '}
              <input
                name="addressLine2"
                autoComplete="address-line2"
                defaultValue={contact.address?.addressLine2 ?? ''}
              />
            </label>
            <label>
              City{' '}
              <input name="city" autoComplete="address-level2" required defaultValue={contact.address?.city ?? ''} />
            </label>
            <label>
              State{' '}
              <input
                name="state"
                autoComplete="address-level1"
                required
                maxLength={2}
                defaultValue={contact.address?.state ?? ''}
              />
            </label>
            <label>
              ZIP code{' '}
              <input
                name="zipCode"
                autoComplete="postal-code"
                inputMode="numeric"
                required
                pattern="[0-9]{5}"
                defaultValue={contact.address?.zipCode ?? ''}
              />
            </label>
          </>
        )}
        <NoScriptSubmit testId="checkout-contact-save">Save contact</NoScriptSubmit>
        <p className="muted wide" role="status" data-testid="checkout-contact-status">
          {busy('contact') ? 'Saving…' : saved ? 'Saved for this order.' : ''}
        </p>
      </SectionForm>
      <SectionMessage section="contact" />
      {view.checkoutOptions.minimumAge !== null && view.checkoutOptions.dateOfBirth && (
        <p className="muted">Birth date on file for the ID check: {view.checkoutOptions.dateOfBirth}.</p>
      )}
    </section>
  );
}
