import { useAtomValue } from 'jotai';
import type { FormEvent, ReactNode } from 'react';
import { CHECKOUT_FORM_PATH, type CheckoutFormIntent, type FormFields } from '../../lib/checkout/form.ts';
import { hydratedAtom, sectionMessagesAtom, type CheckoutSection } from './atoms.ts';

// A checkout section's form (issue 22 §4): a plain POST to the edge's checkout form endpoint, so
// it works before or without JavaScript; once hydrated the island sends the same fields itself.

/** A form's fields as the record the edge and the island both read. */
export function fieldsOf(form: HTMLFormElement): FormFields {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

export function SectionForm({
  intent,
  checkoutId,
  onFields,
  className,
  id,
  children,
  onBlur,
}: {
  intent: CheckoutFormIntent;
  checkoutId: string;
  onFields: (fields: FormFields, form: HTMLFormElement) => void;
  className?: string;
  id?: string;
  children: ReactNode;
  onBlur?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form
      method="post"
      action={CHECKOUT_FORM_PATH}
      className={className}
      id={id}
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        onFields(fieldsOf(event.currentTarget), event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="checkoutId" value={checkoutId} />
      {children}
    </form>
  );
}

/**
 * The submit button a form needs without JavaScript; once hydrated the section saves on change.
 * Hidden where scripts run (the page's `.no-script` style): the island, hydrating on the first
 * press, saves then (decision 675).
 */
export function NoScriptSubmit({ children, testId }: { children: ReactNode; testId?: string }) {
  const hydrated = useAtomValue(hydratedAtom);
  return hydrated ? null : (
    <button type="submit" className="secondary no-script" data-testid={testId}>
      {children}
    </button>
  );
}

export function SectionMessage({ section }: { section: CheckoutSection }) {
  const messages = useAtomValue(sectionMessagesAtom);
  return messages[section] ? (
    <p className="notice error" role="alert" data-testid={`checkout-${section}-error`}>
      {messages[section]}
    </p>
  ) : null;
}
