import { useAtom, useAtomValue } from 'jotai';
import { noticeAtom, offlineAtom, queueAtom } from './atoms.ts';

/** The notice of a failed call (dismissable) and the state of the writes still waiting. */
export function ListNotices() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const offline = useAtomValue(offlineAtom);
  const waiting = useAtomValue(queueAtom).length;
  const changes = `${waiting} ${waiting === 1 ? 'change' : 'changes'}`;
  return (
    <>
      {notice && notice.kind !== 'maxItems' && (
        <div
          className={`list-notice ${notice.kind === 'outage' ? 'list-notice--error' : ''}`}
          role="alert"
          data-testid="list-notice"
        >
          {notice.kind === 'outage' && <strong>{notice.title}</strong>}
          <p>{notice.message}</p>
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            Dismiss
          </button>
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
