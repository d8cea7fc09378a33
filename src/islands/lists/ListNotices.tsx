import { useAtom, useAtomValue } from 'jotai';
import { formReturnAtom, noticeAtom, offlineAtom, queueAtom } from './atoms.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

/** The notice of a failed call (dismissable) and the state of the writes still waiting. */
export function ListNotices() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const offline = useAtomValue(offlineAtom);
  const waiting = useAtomValue(queueAtom).length;
  const changes = `${waiting} ${waiting === 1 ? 'change' : 'changes'}`;
  // before the island runs, the notice of a plain form goes away with the page without its flag
  const hydrated = useHydrated();
  const page = useAtomValue(formReturnAtom);
  return (
    <>
      {notice && notice.kind !== 'maxItems' && (
        <div
          className={`list-notice ${notice.kind === 'outage' ? 'list-notice--error' : ''}`}
          // a change a plain form saved is news, not an alarm (decision 633)
          role={notice.kind === 'saved' ? 'status' : 'alert'}
          data-testid="list-notice"
        >
          {notice.kind === 'outage' && <strong>{notice.title}</strong>}
          <p>{notice.message}</p>
          {hydrated ? (
            <button type="button" className="link-button" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          ) : (
            <a className="list-notice__dismiss" href={page}>
              Dismiss
            </a>
          )}
        </div>
      )}
      {(offline || waiting > 0) && (
        <p
          className={`list-status ${offline ? 'list-status--offline' : ''}`}
          role="status"
          data-testid="list-sync-status"
        >
          {offline ? `Offline — ${changes} waiting` : `Saving ${changes}…`}
        </p>
      )}
    </>
  );
}
