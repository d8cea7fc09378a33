import { useAtomValue, useSetAtom } from 'jotai';
import type { CardFormReturn } from '../../lib/wallet/card-form.ts';
import type { AppliedGiftCardOutput, CardsResponseOutput } from '../../lib/wallet/contracts.ts';
import { WALLET_MESSAGES } from '../../lib/wallet/messages.ts';
import { useSeed, withIslandStore } from '../shared/island-store.tsx';
import { AddCardForm } from './AddCardForm.tsx';
import { CardList } from './CardList.tsx';
import { EbtBalance } from './EbtBalance.tsx';
import { GiftCards } from './GiftCards.tsx';
import { loadStateAtom, noticeAtom, reloadCardsAtom, seedWalletAtom } from './atoms.ts';

// The wallet page's island (issue 13 §6): saved cards, gift cards and the SNAP/EBT balance.
// docs/decisions/330-wallet.md

interface WalletPageProps {
  wallet: CardsResponseOutput | null;
  giftCards: AppliedGiftCardOutput[];
  /** where the add-card form's plain post brings the shopper back to (decision 631) */
  returnTo?: CardFormReturn;
  /** what the gift-card form posted without JavaScript came back with (decision 651) */
  giftCardAnswer?: { tone: 'ok' | 'error'; text: string } | null;
}

function Wallet({ wallet, giftCards, returnTo = '/account/wallet', giftCardAnswer = null }: WalletPageProps) {
  useSeed(seedWalletAtom, { wallet, giftCards });
  const load = useAtomValue(loadStateAtom);
  const notice = useAtomValue(noticeAtom);
  const setNotice = useSetAtom(noticeAtom);
  const reload = useSetAtom(reloadCardsAtom);
  return (
    <div className="wallet">
      <p
        className={notice?.tone === 'error' ? 'notice error' : notice ? 'notice' : 'wallet-quiet'}
        role="status"
        aria-live="polite"
        data-testid="wallet-notice"
      >
        {notice?.text ?? ''}
        {notice && (
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        )}
      </p>
      <section className="wallet-section" aria-labelledby="cards-title">
        <h2 id="cards-title">Saved cards</h2>
        {load.loading && (
          <p className="wallet-quiet" role="status">
            Loading your cards…
          </p>
        )}
        {load.error ? (
          <div className="notice error" role="alert">
            {WALLET_MESSAGES.WALLET_GENERIC}{' '}
            <button type="button" className="link-button" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : (
          <CardList returnTo={returnTo} />
        )}
        <AddCardForm returnTo={returnTo} />
      </section>
      <div className="wallet-side">
        <GiftCards returnTo={returnTo} initialAnswer={giftCardAnswer} />
        <EbtBalance />
      </div>
    </div>
  );
}

export default withIslandStore(Wallet);
