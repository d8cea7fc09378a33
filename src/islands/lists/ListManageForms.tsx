import type { ListMeta } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';

// Rename and delete before the island runs and without JavaScript (decision 633): each a
// disclosure (details/summary, no script) that opens a plain POST form. Deleting takes a second,
// clearly labelled button inside it: the confirm step the island asks with a dialog.

/** "Rename": opens the list's name in a field, sent by a plain form. */
export function RenameListForm({ meta }: { meta: ListMeta }) {
  return (
    <details className="list-manage" data-testid="rename-list-form">
      <summary className="link-button">Rename</summary>
      <form className="inline-form list-manage__panel" aria-label="Rename the list" {...LIST_FORM_ATTRIBUTES}>
        <ListFormFields action="rename" />
        <label htmlFor="rename-list-plain">List name</label>
        <input id="rename-list-plain" name="name" defaultValue={meta.name} />
        <button type="submit">Save name</button>
      </form>
    </details>
  );
}

/** "Delete list": asks first, then a plain form deletes it. */
export function DeleteListForm({ meta }: { meta: ListMeta }) {
  return (
    <details className="list-manage" data-testid="delete-list-form">
      <summary className="link-button">Delete list</summary>
      <form className="list-manage__panel" aria-label="Delete the list" {...LIST_FORM_ATTRIBUTES}>
        <ListFormFields action="delete" />
        <p>Delete “{meta.name}” and everything on it? This can&apos;t be undone.</p>
        <button type="submit" className="danger-button">
          Yes, delete this list
        </button>
      </form>
    </details>
  );
}
