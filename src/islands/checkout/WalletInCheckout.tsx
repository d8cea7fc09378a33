import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { AddCardForm } from '../wallet/AddCardForm.tsx';
import { GiftCards } from '../wallet/GiftCards.tsx';
import { appliedGiftCardsAtom, sortedCardsAtom } from '../wallet/atoms.ts';

// The wallet's own add-card and gift-card forms inside the checkout (issue 22 §4), loaded only
// when the shopper asks for them (the checkout's JavaScript budget). The wallet's atoms live in
// the page's one Jotai store: when its cards or applied gift cards change, the checkout reloads.

export default function WalletInCheckout({ onChanged }: { onChanged: (what: 'cards' | 'giftCards') => void }) {
  const cards = useAtomValue(sortedCardsAtom);
  const giftCards = useAtomValue(appliedGiftCardsAtom);
  const seen = useRef({ cards, giftCards });
  useEffect(() => {
    if (seen.current.cards !== cards) onChanged('cards');
    if (seen.current.giftCards !== giftCards) onChanged('giftCards');
    seen.current = { cards, giftCards };
  }, [cards, giftCards, onChanged]);
  return (
    <div className="checkout-wallet" data-testid="checkout-wallet">
      <AddCardForm returnTo="/checkout" />
      <GiftCards returnTo="/checkout" />
    </div>
  );
}
