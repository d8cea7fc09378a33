import { useLayoutEffect, type RefObject } from 'react';

// What a shopper started in a plain form before the island ran is not lost when the island swaps
// its own controls in (decision 641). The wallet's card rows and the list page's header draw, until
// they hydrate, plain forms behind disclosures (details/summary, decisions 633, 637). A shopper who
// opened one and typed on a slow phone lost the text and the focus at the swap. The hydrating
// commit still has those forms in the page: it reads what is open there and hands it to the island.

export interface CarriedDisclosure {
  /** the open disclosure's `data-testid` */
  name: string;
  /** what its text field holds; null when it has none */
  text: string | null;
  /** whether focus was inside it */
  focused: boolean;
}

/** The open disclosure under `root`, what its text field holds and whether it had focus; null when none is open. */
function openDisclosure(root: HTMLElement | null): CarriedDisclosure | null {
  const details = root?.querySelector<HTMLDetailsElement>('details[open][data-testid]');
  if (!details) return null;
  const field = details.querySelector<HTMLInputElement>('input:not([type="hidden"])');
  return {
    name: details.dataset.testid ?? '',
    text: field ? field.value : null,
    focused: details.contains(document.activeElement),
  };
}

/**
 * Hands `carry` what was started in the plain forms under `root`, once: in the commit that
 * hydrates the island (`hydrated` still false, the forms still there). The island's own controls
 * replace them in the render right after, with what `carry` set.
 */
export function useCarriedDisclosure(
  hydrated: boolean,
  root: RefObject<HTMLElement | null>,
  carry: (open: CarriedDisclosure) => void,
): void {
  useLayoutEffect(() => {
    if (hydrated) return;
    const open = openDisclosure(root.current);
    if (open) carry(open);
    // once, at hydration: `carry` is a new function on every render
  }, [hydrated]);
}

/** Focuses a text field with the caret after its text, where it was while the shopper typed. */
export function focusAtEnd(field: HTMLInputElement | null): void {
  if (!field) return;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}
