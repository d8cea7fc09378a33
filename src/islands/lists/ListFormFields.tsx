import { useAtomValue } from 'jotai';
import { LIST_FORM_PATH, type ListFormAction } from '../../lib/lists/list-form.ts';
import { formReturnAtom, listMetaAtom } from './atoms.ts';

/** The hidden fields of a list page form (decision 633): what it asks, of which list, seen at which version, back to where. */
export function ListFormFields({ action, itemId }: { action: ListFormAction; itemId?: string }) {
  const meta = useAtomValue(listMetaAtom);
  const returnTo = useAtomValue(formReturnAtom);
  return (
    <>
      <input type="hidden" name="action" value={action} />
      {meta && action !== 'create' && <input type="hidden" name="listId" value={meta.listId} />}
      {meta && <input type="hidden" name="versionKey" value={meta.versionKey} />}
      {itemId && <input type="hidden" name="itemId" value={itemId} />}
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

/** The attributes of a list page form: a POST to the edge's form endpoint, sent by the island itself once it runs. */
export const LIST_FORM_ATTRIBUTES = { method: 'post', action: LIST_FORM_PATH } as const;
