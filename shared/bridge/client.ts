import { channels, type ChannelName, type DeskApi, type EventName } from './contract';
import { BridgeError, type BridgeResult } from './result';

/** What a transport must offer: send one request, and subscribe to events by name. */
export interface BridgeTransport {
  invoke(channel: ChannelName, argument: unknown): Promise<BridgeResult>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** Builds `window.desk` from the contract: one named function per channel, each unwrapping the result. */
export function createDeskApi(transport: BridgeTransport): DeskApi {
  const api: Record<string, unknown> = {};
  for (const name of Object.keys(channels) as ChannelName[]) {
    // Not an async function: a suspended one keeps its argument alive until the answer comes, and an
    // import hands over batches of up to IMPORT_BATCH_LIMIT rows, several on their way at once.
    api[name] = (argument: unknown) => transport.invoke(name, argument).then(unwrapResult);
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => transport.subscribe(event, listener);
  return api as DeskApi;
}

/** The value of a bridge result, or its error thrown as a BridgeError. */
function unwrapResult(result: BridgeResult): unknown {
  if (!result.ok) throw new BridgeError(result.error.code, result.error.message);
  return result.value;
}
