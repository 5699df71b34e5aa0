import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createDeskApi, type BridgeTransport } from '../../../shared/bridge/client';
import { BridgeError, type BridgeResult } from '../../../shared/bridge/result';

setFlagsFromString('--expose-gc');
/** Node's full garbage collection, reached from a fresh context once the flag is set. */
const collectGarbage = runInNewContext('gc') as () => void;

/** A transport whose calls wait until `answer` is called, keeping nothing of their arguments. */
function waitingTransport(): { transport: BridgeTransport; answer: (result: BridgeResult) => void } {
  const waiting: Array<(result: BridgeResult) => void> = [];
  return {
    transport: {
      invoke: () => new Promise((resolve) => waiting.push(resolve)),
      subscribe: () => () => undefined,
    },
    answer: (result) => waiting.shift()?.(result),
  };
}

describe('createDeskApi', () => {
  it('answers the value of a call, and throws its error as a BridgeError', async () => {
    const { transport, answer } = waitingTransport();
    const desk = createDeskApi(transport);
    const ok = desk.getAccount({});
    answer({ ok: true, value: { state: 'none' } });
    await expect(ok).resolves.toEqual({ state: 'none' });
    const failed = desk.getAccount({});
    answer({ ok: false, error: { code: 'failed', message: 'The desk is not reachable.' } });
    await expect(failed).rejects.toEqual(new BridgeError('failed', 'The desk is not reachable.'));
  });

  it('keeps nothing of a call’s argument while its answer is awaited (an import’s batches are large)', async () => {
    const { transport, answer } = waitingTransport();
    const desk = createDeskApi(transport);
    const sent = (() => {
      const argument = { importId: 'imp_1', afterLine: 0, rows: [], held: [] };
      const call = desk.stageImportRows(argument);
      call.catch(() => undefined); // the call is refused at the end on purpose: only its argument matters here
      return new WeakRef(argument);
    })();
    // Collected only once the call's own frames have let go of it; a finalizer round needs a turn in between.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(sent.deref()).toBeUndefined();
    answer({ ok: false, error: { code: 'failed', message: 'stopped' } });
  });
});
