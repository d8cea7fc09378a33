// The checkout page refreshes its view once after load (the flash sales it claimed change the
// prices). A refresh that the edge answers while a section's save is still being written would
// carry the checkout as it was before the save: applied after the save's answer, it took the
// chosen pickup time off the page again (issue 22 §5: the journey bench's "choose a pickup time"
// failed in 2 of 4 runs). So a refresh waits for the saves already sent, and is dropped when a
// save is sent while it is on its way (that save's answer is the newer view).

let savesSent = 0;
let saving: Promise<unknown> = Promise.resolve();

/** Records a section's save while it is on its way; answers what `request` answers. */
export function trackSave<T>(request: Promise<T>): Promise<T> {
  savesSent += 1;
  saving = Promise.allSettled([saving, request]);
  return request;
}

/**
 * Fetches the view after the saves sent so far and applies it unless a save was sent meanwhile.
 * `await refreshAfterSaves(() => fetchCheckout(id), setCheckout)` resolves true when it applied.
 */
export async function refreshAfterSaves<T>(fetchView: () => Promise<T>, apply: (view: T) => void): Promise<boolean> {
  let waited: Promise<unknown>;
  do {
    waited = saving;
    await waited;
  } while (waited !== saving);
  const sentBefore = savesSent;
  const view = await fetchView();
  if (savesSent !== sentBefore) return false;
  apply(view);
  return true;
}
