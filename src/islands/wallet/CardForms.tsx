import type { Ref } from 'react';
import { CARD_ACTION_FIELD, type CardAction } from '../../lib/wallet/card-change.ts';
import type { CardFormReturn } from '../../lib/wallet/card-form.ts';
import { MAX_CARD_NICKNAME_LENGTH, WALLET_PATHS, type CardOutput } from '../../lib/wallet/contracts.ts';

// A saved card's controls as plain POST forms (decision 637), drawn until the island runs, and all
// there is without JavaScript: make default, and behind a disclosure each (details/summary, no
// script) the nickname and the delete, which asks first. They post to the cards path with their
// `_action`; the edge answers 303 to the wallet with the outcome as a flag. Once hydrated, the card
// row's buttons (optimistic, with rollback) take their place.

interface CardFormsProps {
  card: CardOutput;
  /** "Visa ending in 1111" */
  title: string;
  /** the way back the wallet keeps (the checkout's link, decision 631) */
  returnTo: CardFormReturn;
}

/** A card's nickname field, the same in the plain form and the island's. */
export function NicknameField({ nickname, inputRef }: { nickname: string; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <label>
      Nickname{' '}
      <input
        ref={inputRef}
        name="nickname"
        defaultValue={nickname}
        maxLength={MAX_CARD_NICKNAME_LENGTH}
        autoComplete="off"
      />
    </label>
  );
}

/** The fields every card form sends besides its own. */
function CardFields({ action, card, returnTo }: { action: CardAction; card: CardOutput; returnTo: CardFormReturn }) {
  return (
    <>
      <input type="hidden" name={CARD_ACTION_FIELD} value={action} />
      <input type="hidden" name="cardId" value={card.cardId} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

export function CardForms({ card, title, returnTo }: CardFormsProps) {
  return (
    <div className="wallet-actions" data-testid="card-forms">
      {!card.default && (
        <form method="post" action={WALLET_PATHS.CARDS} data-testid="card-default-form">
          <CardFields action="default" card={card} returnTo={returnTo} />
          <button type="submit" aria-label={`Make default: ${title}`}>
            Make default
          </button>
        </form>
      )}
      <details className="wallet-disclosure" data-testid="card-rename-form">
        <summary className="link-button">
          Edit nickname<span className="sr-only">: {title}</span>
        </summary>
        <form method="post" action={WALLET_PATHS.CARDS} className="wallet-inline">
          <CardFields action="rename" card={card} returnTo={returnTo} />
          <NicknameField nickname={card.nickname} />
          <button type="submit">Save</button>
        </form>
      </details>
      <details className="wallet-disclosure" data-testid="card-delete-form">
        <summary className="link-button">
          Delete<span className="sr-only">: {title}</span>
        </summary>
        <form method="post" action={WALLET_PATHS.CARDS} className="wallet-confirm">
          <CardFields action="delete" card={card} returnTo={returnTo} />
          <p>Delete {title}?</p>
          <button type="submit" className="danger">
            Yes, delete
          </button>
        </form>
      </details>
    </div>
  );
}
