/**
 * Wraps `work` so that any number of calls within one turn of the event loop run it once, on the
 * next turn: a burst of enqueues or of finished calls becomes one dispatch round and one commit.
 */
export function onceNextTurn(work: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      work();
    });
  };
}
