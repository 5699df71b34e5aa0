import { UserFacingError } from '../../../shared/bridge/result';

/** An entry refused at enqueue or edit, saying what is wrong in staff's words; nothing was stored. */
export class OutboxValidationError extends UserFacingError {
  constructor(
    message: string,
    /** The payload field at fault, when one is. */
    readonly field?: string,
  ) {
    super(message);
  }
}
