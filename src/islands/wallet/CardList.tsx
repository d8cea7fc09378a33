import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CardFormReturn } from '../../lib/wallet/card-form.ts';
import { CARD_BRAND_NAMES } from '../../lib/wallet/cards.ts';
import { MAX_CARD_NICKNAME_LENGTH, type CardOutput } from '../../lib/wallet/contracts.ts';
import { focusAtEnd, useCarriedDisclosure } from '../shared/carried-disclosure.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { CardForms, NicknameField } from './CardForms.tsx';
import { deleteCardAtom, pendingCardsAtom, renameCardAtom, setDefaultAtom, sortedCardsAtom } from './atoms.ts';

// The saved cards (shopping §3 Payment card, §4): default first; make default, rename, delete with
// a confirmation. Every control is a real button or field, so the list works by keyboard. Until the
// island runs, and without JavaScript, the same controls are plain POST forms (CardForms, decision 637).

function CardRow({ card, returnTo }: { card: CardOutput; returnTo: CardFormReturn }) {
  const hydrated = useHydrated();
  const pending = useAtomValue(pendingCardsAtom).has(card.cardId);
  const setDefault = useSetAtom(setDefaultAtom);
  const rename = useSetAtom(renameCardAtom);
  const remove = useSetAtom(deleteCardAtom);
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view');
  // a nickname typed in the plain form before the island ran (decision 641)
  const [draft, setDraft] = useState<string | null>(null);
  const rowRef = useRef<HTMLLIElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // a mode the shopper chose takes focus; one carried from the plain forms only if it had it
  const focusMode = useRef(true);
  const title = `${CARD_BRAND_NAMES[card.brand]} ending in ${card.lastFour}`;
  useCarriedDisclosure(hydrated, rowRef, (open) => {
    focusMode.current = open.focused;
    if (open.name === 'card-rename-form') {
      setDraft(open.text);
      setMode('rename');
    } else if (open.name === 'card-delete-form') setMode('confirm');
  });
  useEffect(() => {
    if (mode === 'view') return;
    const focus = focusMode.current;
    focusMode.current = true;
    if (!focus) return;
    if (mode === 'confirm') confirmRef.current?.focus();
    if (mode === 'rename') focusAtEnd(nameRef.current);
  }, [mode]);
  const leaveRename = () => {
    setDraft(null);
    setMode('view');
  };

  const saveName = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nickname = String(new FormData(event.currentTarget).get('nickname') ?? '')
      .trim()
      .slice(0, MAX_CARD_NICKNAME_LENGTH);
    leaveRename();
    void rename(card, nickname);
  };

  return (
    <li ref={rowRef} className="wallet-card" data-testid="wallet-card" data-card-id={card.cardId} aria-busy={pending}>
      <div className="wallet-card-head">
        <p className="wallet-card-title">
          <strong>{card.nickname || CARD_BRAND_NAMES[card.brand]}</strong>
          {card.default && (
            <span className="wallet-badge" data-testid="default-badge">
              Default
            </span>
          )}
        </p>
        <p className="wallet-card-meta">
          {title} · expires {card.expirationMonth}/{card.expirationYear}
          <br />
          {card.cardHolderFirstName} {card.cardHolderLastName}
        </p>
      </div>
      {!hydrated && <CardForms card={card} title={title} returnTo={returnTo} />}
      {hydrated && mode === 'rename' && (
        <form className="wallet-inline" onSubmit={saveName}>
          <NicknameField nickname={draft ?? card.nickname} inputRef={nameRef} />
          <button type="submit">Save</button>
          <button type="button" className="link-button" onClick={leaveRename}>
            Cancel
          </button>
        </form>
      )}
      {hydrated && mode === 'confirm' && (
        <div className="wallet-confirm" role="group" aria-label={`Delete ${title}?`}>
          <p>Delete {title}?</p>
          <button
            ref={confirmRef}
            type="button"
            className="danger"
            onClick={() => {
              setMode('view');
              void remove(card);
            }}
          >
            Yes, delete
          </button>
          <button type="button" className="link-button" onClick={() => setMode('view')}>
            Keep it
          </button>
        </div>
      )}
      {hydrated && mode === 'view' && (
        <div className="wallet-actions">
          {!card.default && (
            <button
              type="button"
              disabled={pending}
              onClick={() => void setDefault(card)}
              aria-label={`Make default: ${title}`}
            >
              Make default
            </button>
          )}
          <button
            type="button"
            className="link-button"
            disabled={pending}
            onClick={() => setMode('rename')}
            aria-label={`Edit nickname: ${title}`}
          >
            Edit nickname
          </button>
          <button
            type="button"
            className="link-button"
            disabled={pending}
            onClick={() => setMode('confirm')}
            aria-label={`Delete: ${title}`}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** `returnTo`: the way back the wallet keeps, which the cards' plain forms carry (decision 631). */
export function CardList({ returnTo = '/account/wallet' }: { returnTo?: CardFormReturn }) {
  const cards = useAtomValue(sortedCardsAtom);
  if (cards.length === 0)
    return (
      <p className="wallet-empty" data-testid="wallet-empty">
        No saved cards yet. Add one below.
      </p>
    );
  return (
    <ul className="wallet-cards" data-testid="wallet-cards">
      {cards.map((card) => (
        <CardRow key={card.cardId} card={card} returnTo={returnTo} />
      ))}
    </ul>
  );
}
