import { z } from 'zod';
import { channels, isChannelName, type DeskHandlers } from './contract';
import { UserFacingError, type BridgeResult } from './result';

/** Hook for logging failures of handlers without leaking them to the renderer. */
export type DispatchErrorLogger = (channel: string, error: unknown) => void;

/**
 * Builds the one function both transports call: it checks the channel name and the argument
 * against the contract before any handler runs, and turns every outcome into a BridgeResult.
 */
export function createDispatcher(handlers: DeskHandlers, logError: DispatchErrorLogger = () => {}) {
  return async function dispatch(channelName: unknown, argument: unknown): Promise<BridgeResult> {
    if (!isChannelName(channelName)) {
      return {
        ok: false,
        error: { code: 'unknown-channel', message: `Unknown desk request "${String(channelName).slice(0, 60)}".` },
      };
    }
    const spec = channels[channelName];
    const parsed = spec.request.safeParse(argument ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: 'bad-request',
          message: `Invalid arguments for ${channelName}: ${z.prettifyError(parsed.error)}`,
        },
      };
    }
    try {
      const handler = handlers[channelName] as (request: unknown) => unknown;
      const value = await handler(parsed.data);
      const answer: z.ZodType = spec.answerShape ?? spec.response;
      return { ok: true, value: answer.parse(value) };
    } catch (error) {
      logError(channelName, error);
      const message =
        error instanceof UserFacingError
          ? error.message
          : `The desk could not complete ${channelName}. See the log for details.`;
      return { ok: false, error: { code: 'failed', message } };
    }
  };
}
