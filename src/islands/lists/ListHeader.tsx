import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failedCallNotice } from '../../lib/lists/list-errors.ts';
import { listApi } from './api.ts';
import { noticeAtom, type ListMeta } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';
import { DeleteListForm, RenameListForm } from './ListManageForms.tsx';
import { printCouponsAtom, printListCouponsAtom } from './print-coupons-atoms.ts';
import { focusAtEnd, useCarriedDisclosure } from '../shared/carried-disclosure.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

/**
 * The list's name and what can be done to the whole list: rename, delete, print it or its coupons.
 * Before the island runs, rename and delete are plain forms (ListManageForms.tsx) and printing,
 * which needs the island, waits for it.
 */
export function ListHeader({ meta }: { meta: ListMeta }) {
  const hydrated = useHydrated();
  const setNotice = useSetAtom(noticeAtom);
  const printCoupons = useAtomValue(printCouponsAtom);
  const printListCoupons = useSetAtom(printListCouponsAtom);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headRef = useRef<HTMLElement>(null);
  const renameRef = useRef<HTMLInputElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  // what was started in the plain forms before the island ran, and where focus was (decision 641)
  const carriedFocus = useRef<'rename' | 'delete' | null>(null);
  useCarriedDisclosure(hydrated, headRef, (open) => {
    const renameForm = open.name === 'rename-list-form';
    if (renameForm) setRenaming(open.text ?? meta.name);
    carriedFocus.current = open.focused ? (renameForm ? 'rename' : 'delete') : null;
  });
  useEffect(() => {
    if (!hydrated) return;
    if (carriedFocus.current === 'rename') focusAtEnd(renameRef.current);
    if (carriedFocus.current === 'delete') deleteRef.current?.focus();
    carriedFocus.current = null;
  }, [hydrated]);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null || busy) return;
    setBusy(true);
    const result = await listApi.update(meta.listId, { name: renaming, versionKey: meta.versionKey });
    setBusy(false);
    if (result.ok) window.location.reload();
    else setNotice(failedCallNotice(result, 'update'));
  };

  const deleteList = async () => {
    if (!window.confirm(`Delete “${meta.name}”? This can't be undone.`)) return;
    const result = await listApi.remove(meta.listId);
    if (result.ok) window.location.assign('/shopping/lists');
    // a list that no longer exists (or an id that never was one) says so, not 'Service Outage'
    else setNotice(failedCallNotice(result, 'deleteList'));
  };

  return (
    <header ref={headRef} className="list-head">
      {renaming === null ? (
        <h2 data-testid="list-name">{meta.name}</h2>
      ) : (
        <form className="inline-form" onSubmit={rename} aria-label="Rename the list" {...LIST_FORM_ATTRIBUTES}>
          <ListFormFields action="rename" />
          <label htmlFor="rename-list">List name</label>
          <input
            ref={renameRef}
            id="rename-list"
            name="name"
            value={renaming}
            onChange={(event) => setRenaming(event.target.value)}
          />
          <button type="submit" disabled={busy}>
            Save
          </button>
          <button type="button" className="link-button" onClick={() => setRenaming(null)}>
            Cancel
          </button>
        </form>
      )}
      <div className="list-actions no-print">
        {!hydrated ? (
          <>
            <RenameListForm meta={meta} />
            <DeleteListForm meta={meta} />
          </>
        ) : (
          <>
            {renaming === null && (
              <button type="button" className="link-button" onClick={() => setRenaming(meta.name)}>
                Rename
              </button>
            )}
            <button ref={deleteRef} type="button" className="link-button" onClick={() => void deleteList()}>
              Delete list
            </button>
          </>
        )}
        <button type="button" className="link-button" onClick={() => window.print()} disabled={!hydrated}>
          Print list
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => void printListCoupons()}
          disabled={!hydrated || printCoupons.isLoading}
        >
          {printCoupons.isLoading ? 'Getting coupons…' : 'Print coupons'}
        </button>
      </div>
    </header>
  );
}
