import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { groupItems, type SortOption } from '../../lib/lists/list-reducer.ts';
import { visibleItemsAtom } from './atoms.ts';
import { ListItemRow } from './ListItemRow.tsx';

/** The list's items grouped by category or by aisle, as the shopper chose. */
export function ListItems() {
  const items = useAtomValue(visibleItemsAtom);
  const [sort, setSort] = useState<SortOption>('category');
  return (
    <>
      <div className="list-tools no-print" role="group" aria-label="Sort the list">
        <span>Sort by</span>
        <button type="button" aria-pressed={sort === 'category'} onClick={() => setSort('category')}>
          Category
        </button>
        <button type="button" aria-pressed={sort === 'aisle'} onClick={() => setSort('aisle')}>
          Aisle
        </button>
      </div>
      {items.length === 0 ? (
        <p className="list-empty" data-testid="list-empty">
          Your list is empty. Add items here, or use “Add to list” on any product.
        </p>
      ) : (
        groupItems(items, sort).map((group) => (
          <section key={group.name} className="list-group" aria-labelledby={`group-${group.name}`}>
            <h3 id={`group-${group.name}`}>{group.name}</h3>
            <ul>
              {group.items.map((item) => (
                <ListItemRow key={item.identity} item={item} sort={sort} />
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
