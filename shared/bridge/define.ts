import type { z } from 'zod';

/** A request/response channel: the schema of its one argument and of its answer. */
export interface ChannelSpec<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  request: Request;
  response: Response;
  /**
   * What the dispatcher checks of an answer instead of `response`, for a channel whose answer hands on items
   * the desk validated with the same schema where they entered (a service answer read by shared/api): their
   * envelope only, so each item is validated once, not again on its way out.
   */
  answerShape?: z.ZodType;
}

/** Declares a request/response channel of the bridge. */
export function channel<Request extends z.ZodType, Response extends z.ZodType>(
  request: Request,
  response: Response,
  options: { answerShape?: z.ZodType } = {},
): ChannelSpec<Request, Response> {
  return { request, response, ...options };
}
