import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { NETWORK_NOTICE } from '../../lib/lists/list-errors.ts';
import { FORM_KEY_FIELD } from '../../lib/http/form-key.ts';
import { newWriteKey } from '../../lib/lists/write-queue.ts';
import { listApi } from './api.ts';
import { listStateAtom, listsAtom, noticeAtom, noticeFor } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';

/**
 * The shopper's lists, the open one marked, and the form that creates another (a plain POST form
 * without JavaScript, decision 633: `formKey` makes a form sent twice one list).
 */
export function ListSwitcher({ listId, formKey }: { listId: string; formKey: string }) {
  const lists = useAtomValue(listsAtom);
  const itemCount = useAtomValue(listStateAtom).items.length;
  const setNotice = useSetAtom(noticeAtom);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const createList = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await listApi.create(name, newWriteKey());
    setBusy(false);
    if (result.ok) window.location.assign(`/shopping/list/${result.data.data.listId}`);
    else setNotice(result.kind === 'error' ? noticeFor(result.status, result.reason, 'createList') : NETWORK_NOTICE);
  };

  return (
    <nav className="list-switcher no-print" aria-label="Your lists">
      <ul>
        {lists.map((entry) => (
          <li key={entry.listId}>
            <a href={`/shopping/list/${entry.listId}`} aria-current={entry.listId === listId ? 'page' : undefined}>
              {entry.name} <span className="count">({entry.listId === listId ? itemCount : entry.itemCount})</span>
            </a>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={createList} aria-label="Create a list" {...LIST_FORM_ATTRIBUTES}>
        <ListFormFields action="create" />
        <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
        <label htmlFor="new-list-name">New list</label>
        <input
          id="new-list-name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Weekend BBQ"
        />
        <button type="submit" disabled={busy}>
          Create
        </button>
      </form>
    </nav>
  );
}
