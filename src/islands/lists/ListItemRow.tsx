import { useSetAtom } from 'jotai';
import { linePriceText, type ListItemOutput } from '../../lib/lists/contracts.ts';
import type { ListItemState, SortOption } from '../../lib/lists/list-reducer.ts';
import { QuantityStepper } from '../cart/QuantityStepper.tsx';
import { setQuantityAtom, toggleCheckAtom } from './atoms.ts';

/** A row's price: the line total, and the regular total struck through with the saving when it saves. */
function ItemPrice({ item }: { item: ListItemOutput }) {
  const text = linePriceText(item);
  if (!text) return <span className="price" />;
  return (
    <span className="price" data-testid="list-item-price">
      {text.total}
      {text.was && (
        <>
          <s className="was">
            <span className="sr-only">regularly </span>
            {text.was}
          </s>
          <span className="save">{text.save}</span>
        </>
      )}
      {item.unitPrice ? (
        <span className="unit" data-testid="list-item-unit-price">
          {item.unitPrice}
        </span>
      ) : null}
    </span>
  );
}

/** One item: check it off, its price and deal, its quantity, remove it. */
export function ListItemRow({ item, sort }: { item: ListItemState; sort: SortOption }) {
  const setQuantity = useSetAtom(setQuantityAtom);
  const toggleCheck = useSetAtom(toggleCheckAtom);
  return (
    <li className={item.checked ? 'checked' : undefined} data-testid="list-item" data-upc={item.upc ?? ''}>
      <label className="check">
        <input
          type="checkbox"
          checked={item.checked}
          onChange={() => toggleCheck(item.identity)}
          aria-label={`Check off ${item.displayName}`}
        />
        <span className="name">
          {item.slug && item.upc ? <a href={`/p/${item.slug}/${item.upc}`}>{item.displayName}</a> : item.displayName}
        </span>
      </label>
      <span className="meta">
        {sort === 'category' ? item.aisle : item.categoryName}
        {item.weeklyAdInfo && <> · {item.weeklyAdInfo.priceString}</>}
        {item.couponDetails && (
          <span className="coupon" data-testid="list-item-coupon">
            {' '}
            · Coupon: {item.couponDetails.title}
          </span>
        )}
      </span>
      <ItemPrice item={item} />
      <QuantityStepper
        name={item.displayName}
        quantity={item.quantity}
        onChange={(quantity) => setQuantity(item.identity, quantity)}
        label={`Quantity of ${item.displayName}`}
        className="list-item__qty no-print"
        busy={item.activeUpdateRequests > 0}
      />
      <span className="print-only">× {item.quantity}</span>
      <button
        type="button"
        className="link-button no-print"
        onClick={() => setQuantity(item.identity, 0)}
        aria-label={`Remove ${item.displayName}`}
      >
        Remove
      </button>
    </li>
  );
}
