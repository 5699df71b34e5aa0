import {
  HttpStatusError,
  NoConnectionError,
  OutcomeUnknownError,
  RedirectRefusedError,
  ServiceFailureError,
} from '../../../shared/api';
import { UserFacingError } from '../../../shared/bridge/result';

/** Turns a failed check of new credentials into a sentence for the person at the desk. */
export function explainConnectError(error: unknown, baseUrl: string): UserFacingError {
  const host = safeHost(baseUrl);
  if (error instanceof UserFacingError) return error;
  if (error instanceof NoConnectionError) {
    return new UserFacingError(
      `Could not reach ${host}. Check the address and this computer's internet connection. Nothing was saved.`,
    );
  }
  if (error instanceof OutcomeUnknownError) {
    return new UserFacingError(`${host} did not answer in time. Try again in a moment. Nothing was saved.`);
  }
  if (error instanceof RedirectRefusedError) {
    const where = error.locationOrigin ? ` to ${error.locationOrigin}` : ' elsewhere';
    return new UserFacingError(
      `${host} sent the desk on${where}. The desk does not follow redirects (the API key would go with it): enter the service's own address. Nothing was saved.`,
    );
  }
  if (error instanceof HttpStatusError) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      return new UserFacingError(`${host} refused this API key. Check it and try again. Nothing was saved.`);
    }
    return new UserFacingError(
      `${host} answered with an error (HTTP ${error.status}). Try again later. Nothing was saved.`,
    );
  }
  if (error instanceof ServiceFailureError) {
    return new UserFacingError(`The service refused: ${error.serviceMessage}. Nothing was saved.`);
  }
  return new UserFacingError(`Could not check the account with ${host}. Nothing was saved.`);
}

/** The host part of an address, for messages. */
function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'the service';
  }
}

/** A sentence saying how far this computer's clock is from the service's, from the response's Date header. */
export function describeClockSkew(serverDate: Date | undefined, now: Date): string {
  if (!serverDate || Number.isNaN(serverDate.getTime())) {
    return "The service refused the sign-in because this computer's clock is off by more than a minute. Set the clock right (automatic time) and try again.";
  }
  const minutes = Math.round((now.getTime() - serverDate.getTime()) / 60_000);
  const seconds = Math.round((now.getTime() - serverDate.getTime()) / 1000);
  const amount =
    Math.abs(minutes) >= 1
      ? `${Math.abs(minutes)} minute${Math.abs(minutes) === 1 ? '' : 's'}`
      : `${Math.abs(seconds)} seconds`;
  const direction = seconds > 0 ? 'ahead of' : 'behind';
  return `The service refused the sign-in because this computer's clock is ${amount} ${direction} the service's. Set the clock right (automatic time) and try again.`;
}
