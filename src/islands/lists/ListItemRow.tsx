import { useSetAtom } from 'jotai';
import { linePriceText, type ListItemOutput } from '../../lib/lists/contracts.ts';
import type { ListItemState, SortOption } from '../../lib/lists/list-reducer.ts';
import { QuantityStepper } from '../cart/QuantityStepper.tsx';
import { setQuantityAtom, toggleCheckAtom } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

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

/** The item's name, a link to its product when it is one. */
function ItemName({ item }: { item: ListItemState }) {
  return (
    <span className="name">
      {item.slug && item.upc ? <a href={`/p/${item.slug}/${item.upc}`}>{item.displayName}</a> : item.displayName}
    </span>
  );
}

/**
 * One item: check it off, its price and deal, its quantity, remove it. The row is a plain POST form
 * (decision 633): before the island runs, or without JavaScript, the check-off is a button that
 * sends the new state and the quantity buttons and "Remove" send the new quantity; once the island
 * runs, the check-off is its checkbox and the island stops the form and writes optimistically.
 */
export function ListItemRow({ item, sort }: { item: ListItemState; sort: SortOption }) {
  const setQuantity = useSetAtom(setQuantityAtom);
  const toggleCheck = useSetAtom(toggleCheckAtom);
  const hydrated = useHydrated();
  return (
    <li
      id={`item-${item.id}`}
      className={item.checked ? 'checked' : undefined}
      data-testid="list-item"
      data-upc={item.upc ?? ''}
    >
      <form className="list-item__form" {...LIST_FORM_ATTRIBUTES} onSubmit={(event) => event.preventDefault()}>
        <ListFormFields action="item" itemId={item.id} />
        {hydrated ? (
          <label className="check">
            <input
              type="checkbox"
              checked={item.checked}
              onChange={() => toggleCheck(item.identity)}
              aria-label={`Check off ${item.displayName}`}
            />
            <ItemName item={item} />
          </label>
        ) : (
          <span className="check">
            <button
              type="submit"
              name="checked"
              value={String(!item.checked)}
              className="check-box"
              aria-pressed={item.checked}
              aria-label={`Check off ${item.displayName}`}
            />
            <ItemName item={item} />
          </span>
        )}
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
          submitsForm
        />
        <span className="print-only">× {item.quantity}</span>
        <button
          type="submit"
          name="quantity"
          value="0"
          className="link-button no-print list-item__remove"
          onClick={() => setQuantity(item.identity, 0)}
          aria-label={`Remove ${item.displayName}`}
        >
          Remove
        </button>
      </form>
    </li>
  );
}
