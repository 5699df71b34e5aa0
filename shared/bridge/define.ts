import type { z } from 'zod';

/** A request/response channel: the schema of its one argument and of its answer. */
export interface ChannelSpec<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  request: Request;
  response: Response;
}

/** Declares a request/response channel of the bridge. */
export function channel<Request extends z.ZodType, Response extends z.ZodType>(
  request: Request,
  response: Response,
): ChannelSpec<Request, Response> {
  return { request, response };
}
