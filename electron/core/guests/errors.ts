import {
  HttpStatusError,
  NoConnectionError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';

/** Turns a failed read from the service (guest list, sent items, replies) into a sentence for staff. */
export function explainReadError(error: unknown, what: string): Error {
  if (error instanceof UserFacingError) return error;
  if (error instanceof NoConnectionError)
    return new UserFacingError(`The service is not answering, so ${what} could not be fetched.`);
  if (error instanceof OutcomeUnknownError)
    return new UserFacingError(`The service took too long to send ${what}. Try again in a moment.`);
  if (error instanceof HttpStatusError)
    return new UserFacingError(
      `The service is busy (HTTP ${error.status}), so ${what} could not be fetched. Try again shortly.`,
    );
  if (error instanceof ServiceFailureError)
    return new UserFacingError(`The service refused to send ${what}: ${error.serviceMessage}`);
  return error instanceof Error ? error : new Error(String(error));
}
