import {
  HttpStatusError,
  NoConnectionError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../shared/api/errors';
import { UserFacingError } from '../../../shared/bridge/result';
import { explainCampaignRefusal } from '../../../shared/rules/campaign-codes';
import type { CampaignProblem } from './store';

/** The service's refusal (result:false) of a campaign method, explained; null for any other failure. */
export function problemOf(error: unknown): CampaignProblem | null {
  if (!(error instanceof ServiceFailureError)) return null;
  const explained = explainCampaignRefusal(error.serviceMessage, error.code);
  return { ...(error.code !== undefined ? { code: error.code } : {}), message: error.serviceMessage, ...explained };
}

/** A failed campaign call as a sentence for staff (what happened, and what to do). */
export function explainCampaignError(error: unknown, what: string): Error {
  if (error instanceof UserFacingError) return error;
  const problem = problemOf(error);
  if (problem)
    return new UserFacingError(
      `${problem.title}. ${problem.whatToDo}${problem.code !== undefined ? ` (service code ${problem.code})` : ''}`,
    );
  if (error instanceof NoConnectionError)
    return new UserFacingError(
      `The service is not answering, so ${what} could not be done. Try again when the line is back.`,
    );
  if (error instanceof OutcomeUnknownError)
    return new UserFacingError(`The service did not answer in time while ${what}. Check again in a moment.`);
  if (error instanceof HttpStatusError)
    return new UserFacingError(
      `The service is busy (HTTP ${error.status}), so ${what} could not be done. Try again shortly.`,
    );
  return error instanceof Error ? error : new Error(String(error));
}
