import { useAtom, useAtomValue } from 'jotai';
import { groupItems, type SortOption } from '../../lib/lists/list-reducer.ts';
import { sortAtom, visibleItemsAtom } from './atoms.ts';
import { ListItemRow } from './ListItemRow.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

const SORTS: ReadonlyArray<[SortOption, string]> = [
  ['category', 'Category'],
  ['aisle', 'Aisle'],
];

/**
 * The list's items grouped by category or by aisle, as the shopper chose: buttons once the island
 * runs, links to `?sort=` before (decision 633), which the page reads.
 */
export function ListItems() {
  const items = useAtomValue(visibleItemsAtom);
  const [sort, setSort] = useAtom(sortAtom);
  const hydrated = useHydrated();
  return (
    <>
      <div className="list-tools no-print" role="group" aria-label="Sort the list">
        <span>Sort by</span>
        {SORTS.map(([value, label]) =>
          hydrated ? (
            <button key={value} type="button" aria-pressed={sort === value} onClick={() => setSort(value)}>
              {label}
            </button>
          ) : (
            <a key={value} href={`?sort=${value}`} aria-current={sort === value ? 'true' : undefined}>
              {label}
            </a>
          ),
        )}
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
