import { requestToken, TokenRefusedError } from '../../../shared/api';
import { UserFacingError } from '../../../shared/bridge/result';
import type { SignInWithToken } from './types';
import { describeClockSkew, explainConnectError } from './explain-error';

/** request_token with the refusals explained in staff's words (a clock that is off gets its own sentence). */
export function createSignInWithToken(
  fetchImpl: typeof fetch = globalThis.fetch,
  now: () => Date = () => new Date(),
): SignInWithToken {
  return async (baseUrl, username, password) => {
    try {
      return await requestToken({ baseUrl, username, password, fetch: fetchImpl, now });
    } catch (error) {
      if (error instanceof TokenRefusedError) {
        if (error.clockLikelyOff) throw new UserFacingError(describeClockSkew(error.serverDate, now()));
        throw new UserFacingError(
          `The service did not accept this username and password (${error.serviceMessage}). Nothing was saved.`,
        );
      }
      throw explainConnectError(error, baseUrl);
    }
  };
}
