import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { pinnedCartActionAtom, pinnedChoiceAtom, readPinnedChoiceAtom } from './atoms/index.ts';

/** "Show my cart on every page": the cart page's switch for the pinned cart (hidden or not, shopping §2). */
export function PinnedCartSwitch() {
  const choice = useAtomValue(pinnedChoiceAtom);
  const readChoice = useSetAtom(readPinnedChoiceAtom);
  const act = useSetAtom(pinnedCartActionAtom);
  useEffect(() => readChoice(), [readChoice]);
  if (choice === undefined) return null;
  return (
    <label className="pinned-cart-switch">
      <input
        type="checkbox"
        checked={choice !== 'hidden'}
        onChange={(event) => act(event.currentTarget.checked ? 'show' : 'hide')}
      />{' '}
      Show my cart on every page
    </label>
  );
}
