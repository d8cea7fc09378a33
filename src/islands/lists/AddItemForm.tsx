import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { DEFAULT_AISLE, type ListItemOutput } from '../../lib/lists/contracts.ts';
import { FORM_KEY_FIELD } from '../../lib/http/form-key.ts';
import { newWriteKey } from '../../lib/lists/write-queue.ts';
import { addItemAtom, noticeAtom } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';

export interface Department {
  id: string;
  name: string;
}

/** A free-text item as the shopper typed it, in the chosen department. */
function freeTextItem(name: string, categoryId: string, categoryName: string): ListItemOutput {
  const now = { value: new Date().toISOString(), timezone: 'UTC' };
  return {
    id: `new-${newWriteKey()}`,
    type: 'CUSTOMER_DEFINED',
    channel: 'WEB',
    upc: null,
    categoryId,
    categoryName,
    name,
    displayName: name,
    comments: '',
    quantity: 1,
    checked: false,
    weeklyAdInfo: null,
    regularPrice: null,
    promoPrice: null,
    lineTotal: null,
    savings: null,
    aisle: DEFAULT_AISLE,
    slug: null,
    randomWeight: false,
    soldInStore: false,
    homeDeliveryItem: false,
    shipToHomeItem: false,
    curbsidePickupEligible: false,
    couponDetails: null,
    created: now,
    modified: now,
  };
}

/**
 * The form that adds a free-text item, with the list's limit when it is full. A plain POST form
 * before the island runs and without JavaScript (decision 633); the island adds it optimistically.
 */
export function AddItemForm({ departments, formKey }: { departments: Department[]; formKey: string }) {
  const addItem = useSetAtom(addItemAtom);
  const notice = useAtomValue(noticeAtom);
  const [name, setName] = useState('');
  const [department, setDepartment] = useState(departments[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = name.trim();
    if (!text) return;
    addItem(freeTextItem(text, department, departments.find((entry) => entry.id === department)?.name ?? 'Other'));
    setName('');
  };

  return (
    <form
      className="add-item no-print"
      onSubmit={submit}
      aria-label="Add an item to the list"
      {...LIST_FORM_ATTRIBUTES}
    >
      <ListFormFields action="add" />
      {/* the page's key: the form sent twice without JavaScript adds one item (decision 640) */}
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      <label htmlFor="new-item">Add an item</label>
      <div className="row">
        <input
          id="new-item"
          name="name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. ripe bananas"
        />
        <label className="sr-only" htmlFor="new-item-department">
          Department
        </label>
        <select
          id="new-item-department"
          name="categoryId"
          value={department}
          onChange={(event) => setDepartment(event.target.value)}
        >
          {departments.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
        <button type="submit">Add</button>
      </div>
      {notice?.kind === 'maxItems' && (
        <p className="list-error" role="alert" data-testid="list-max-items">
          {notice.message}
        </p>
      )}
    </form>
  );
}
