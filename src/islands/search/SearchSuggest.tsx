import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { productImageUrl } from '../../lib/catalog/product.ts';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import { formatCents } from '../../lib/money/money.ts';
import {
  SUGGESTIONS_DEBOUNCE_MS,
  suggestionSize,
  suggestionTarget,
  type SuggestionOutput,
} from '../../lib/search/suggestions.ts';
import type { SuggestionPrice } from './api.ts';
import {
  closeSuggestionsAtom,
  moveActiveAtom,
  requestSuggestionsAtom,
  setActiveAtom,
  suggestViewAtom,
} from './atoms.ts';

export interface SearchSuggestProps {
  /** The input's id (its <label for> is in SearchForm.astro). */
  id: string;
  value: string;
  maxLength: number;
  /** spec: shopping §6 "suggestions minimum characters", the banner's toggle. */
  minChars: number;
}

/**
 * The header search box with suggestions: the input of the plain GET form to /search. Before
 * hydration (and without JavaScript) it is a plain search input; hydrated (client:interaction,
 * on focus) it becomes an ARIA 1.2 combobox with a listbox of suggestions after the banner's
 * minimum characters. Up/Down move, Enter on an option searches for it (a product suggestion opens
 * its product page instead: issue 8 §8), Escape closes.
 */
export default function SearchSuggest({ id, value, maxLength, minChars }: SearchSuggestProps) {
  const view = useAtomValue(suggestViewAtom);
  const request = useSetAtom(requestSuggestionsAtom);
  const move = useSetAtom(moveActiveAtom);
  const close = useSetAtom(closeSuggestionsAtom);
  const setActive = useSetAtom(setActiveAtom);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The first render matches the server's HTML (a plain input); the combobox roles apply after mount.
  const [ready, setReady] = useState(false);
  const listId = `${useId().replace(/:/g, '')}-suggestions`;
  const optionId = (index: number) => `${listId}-${index}`;

  const schedule = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void request({ text, minChars }), SUGGESTIONS_DEBOUNCE_MS);
  };

  // Once, after hydration.
  useEffect(() => {
    setReady(true);
    // Text typed while the island was loading still gets its suggestions.
    const el = input.current;
    if (el && document.activeElement === el && el.value !== value) schedule(el.value);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const open = ready && view.open && view.suggestions.length > 0;

  function choose(index: number) {
    const suggestion = view.suggestions[index];
    const el = input.current;
    if (!suggestion || !el) return;
    const target = suggestionTarget(suggestion);
    close();
    if (target.kind === 'product') {
      window.location.assign(target.href);
      return;
    }
    el.value = target.text;
    el.form?.requestSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (view.suggestions.length === 0) return;
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter':
        if (open && view.active >= 0) {
          event.preventDefault();
          choose(view.active);
        }
        return;
      case 'Escape':
        // Open: close the list and keep the text (a search input would clear it).
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      default:
        return;
    }
  }

  const combobox = ready
    ? {
        role: 'combobox',
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-autocomplete': 'list' as const,
        'aria-activedescendant': open && view.active >= 0 ? optionId(view.active) : undefined,
      }
    : {};

  return (
    <div className="suggest">
      <input
        ref={input}
        id={id}
        type="search"
        name="query"
        defaultValue={value}
        maxLength={maxLength}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search products"
        {...combobox}
        onInput={(event) => schedule(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => close()}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        className="suggest-list"
        hidden={!open}
        data-testid="search-suggestions"
      >
        {open &&
          view.suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.type}:${suggestion.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === view.active}
              className={suggestion.gtin13 ? 'suggest-option suggest-product' : 'suggest-option'}
              // Keep the focus in the input: the choice is made on click.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              <SuggestionLabel suggestion={suggestion} prices={view.prices} />
            </li>
          ))}
      </ul>
      <p className="suggest-status sr-only" role="status">
        {open ? `${view.suggestions.length} suggestion${view.suggestions.length === 1 ? '' : 's'} available.` : ''}
      </p>
      {/* spec: shopping §8: no network (code -1) is a quiet hint; other failures show nothing. */}
      <p className="suggest-hint" role="status" data-testid="suggestions-status">
        {ready && view.status === 'offline' ? ACCOUNT_MESSAGES.OFFLINE : ''}
      </p>
    </div>
  );
}

/** One option's content: a product suggestion shows its picture, size and price at the shopper's store. */
function SuggestionLabel({
  suggestion,
  prices,
}: {
  suggestion: SuggestionOutput;
  prices: ReadonlyMap<string, SuggestionPrice>;
}) {
  if (suggestionTarget(suggestion).kind === 'search' || !suggestion.gtin13) {
    return (
      <>
        {suggestion.text}
        {suggestion.type === 'BRAND' && <span className="suggest-kind"> · brand</span>}
      </>
    );
  }
  const price = prices.get(suggestion.gtin13);
  const size = suggestionSize(suggestion);
  const unit = price?.unit === 'lb' ? '/lb' : '';
  const onSale = price != null && price.promoCents !== null && price.promoCents < price.regularCents;
  return (
    <>
      <img
        className="suggest-image"
        src={productImageUrl(suggestion.gtin13)}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
      />
      <span className="suggest-name">
        {suggestion.text}
        {size && <span className="suggest-size"> {size}</span>}
      </span>
      {price && ' '}
      {price && (
        <span className={onSale ? 'suggest-price sale' : 'suggest-price'} data-testid="suggestion-price">
          {onSale && <span className="sr-only">Sale price </span>}
          {formatCents(onSale ? price.promoCents! : price.regularCents)}
          {unit}
        </span>
      )}
    </>
  );
}
