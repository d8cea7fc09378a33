import { useEffect, useRef, type RefObject } from 'react';

/**
 * A choice tapped before the island hydrated. The server's radios work as plain HTML, so a tap on
 * a slow phone checks one before React has hydrated the page; React 19 keeps what the shopper
 * checked while it hydrates but never calls onChange for it (react-dom's initInput keeps
 * `element.checked` when hydrating, then tracks it as the input's value). The radio showed as
 * chosen and nothing was saved: the journey bench's pickup time was lost in 11 of 17 runs (issue 22
 * §5). Once, after mount: a checked radio of `name` inside `ref` that is not the saved choice is
 * picked, as if the shopper had changed it after hydration.
 */
export function usePickBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  name: string,
  saved: string | null,
  pick: (value: string) => void,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const checked = ref.current?.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`);
    if (checked && checked.value !== saved) pick(checked.value);
  }, [ref, name, saved, pick]);
}
