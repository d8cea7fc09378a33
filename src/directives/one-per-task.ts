// Fetches asked for from script after a page has painted, one per task (docs/decisions/673).
// The first fetch a page asks for from script, and its first module preload, each cost the
// renderer 5-15 ms of set-up on this machine's Chromium (4x that on a slow phone); eight links
// appended in one task were a long task the shopper could not press through. One link per task
// keeps every task short; the fetches still start within a few milliseconds of each other.
//
// Bundled into the inline directives that import it: keep it tiny.

/** Appends each node to the head in a task of its own, in order, then calls `then`. */
export function appendOnePerTask(nodes: Node[], then?: () => void): void {
  const next = () => {
    const node = nodes.shift();
    if (!node) return then?.();
    document.head.appendChild(node);
    setTimeout(next);
  };
  next();
}
