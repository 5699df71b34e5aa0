// An array answer read as it arrives (pull_db, pull_reservations): each element validated with the method's
// item schema where it enters, handed on in the batches the pieces of the body complete. An element that
// does not match is left out and counted, never sinking the others; a body that is not one JSON array is
// read whole and interpreted as any answer is (a failure envelope, an HTTP status, an unreadable answer).
import type { z } from 'zod';
import { createArraySplitter, MalformedArrayError } from './array-stream';
import { InvalidResponseError } from './errors';
import { describeIssues, interpretAnswer, type AnswerContext } from './interpret';
import type { BodyChunks } from './transport';

/** What a streamed answer brought besides its items: how many elements were left out, and why the first was. */
export interface StreamedSummary {
  items: number;
  skipped: number;
  /** The first left-out element's mismatch (field paths and codes, never values). */
  firstProblem?: string;
}

/** Where a streamed read hands what it reads. */
export interface StreamedSink<Item> {
  /** The answer is an array: its elements follow (called once, before any `items`). */
  started(): void;
  /** Elements read, in the answer's order. */
  items(batch: Item[]): void;
}

/**
 * Reads an array answer as it arrives into `sink`. A 2xx body that opens with `[` is split element by element;
 * anything else is read whole and interpreted with `schemas.whole`, which says what failed.
 */
export async function readStreamedArray<ItemSchema extends z.ZodType>(
  answer: { response: Response; chunks: BodyChunks },
  schemas: { item: ItemSchema; whole: z.ZodType },
  context: AnswerContext,
  sink: StreamedSink<z.output<ItemSchema>>,
): Promise<StreamedSummary> {
  const { response } = answer;
  const pieces = answer.chunks[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  const nextText = async () => {
    const piece = await pieces.next();
    return piece.done ? undefined : decoder.decode(piece.value, { stream: true });
  };
  // Only a successful answer opening with `[` is streamed; the rest is read whole and interpreted.
  let head = '';
  const ok = response.status >= 200 && response.status < 300;
  while (ok && head.trimStart() === '') {
    const text = await nextText();
    if (text === undefined) break;
    head += text;
  }
  if (!ok || !head.trimStart().startsWith('[')) {
    for (let text = await nextText(); text !== undefined; text = await nextText()) head += text;
    refuseWhole(head + decoder.decode(), schemas.whole, { response, context });
  }
  sink.started();
  const summary: StreamedSummary = { items: 0, skipped: 0 };
  let batch: z.output<ItemSchema>[] = [];
  const splitter = createArraySplitter((elements) => {
    for (const element of parseElements(elements, context.method)) {
      const parsed = schemas.item.safeParse(element);
      if (parsed.success) batch.push(parsed.data);
      else {
        summary.skipped++;
        summary.firstProblem ??= describeIssues(parsed.error);
      }
    }
  });
  /** Splits a piece of text and hands on the elements it completed. */
  const take = (text: string) => {
    try {
      splitter.push(text);
    } catch (error) {
      throw unreadable(error, context.method);
    }
    if (batch.length === 0) return;
    summary.items += batch.length;
    sink.items(batch);
    batch = [];
  };
  take(head);
  for (let text = await nextText(); text !== undefined; text = await nextText()) take(text);
  take(decoder.decode());
  try {
    splitter.end();
  } catch (error) {
    throw unreadable(error, context.method);
  }
  return summary;
}

/** The values of a run of elements (the inside of an array); elements that are not JSON mean the answer cannot be read. */
function parseElements(elements: string, method: string): unknown[] {
  try {
    return JSON.parse(`[${elements}]`) as unknown[];
  } catch {
    throw new InvalidResponseError(method, `${method}: the answer could not be read (not JSON)`);
  }
}

/** The error for an answer that stopped being one JSON array part way (its reads of the elements stand). */
function unreadable(error: unknown, method: string): unknown {
  if (!(error instanceof MalformedArrayError)) return error;
  return new InvalidResponseError(method, `${method}: the answer could not be read (${error.message})`);
}

/** A body that is not a streamed array: its failure (the service's, an HTTP status, an unreadable answer). */
function refuseWhole(text: string, whole: z.ZodType, answer: { response: Response; context: AnswerContext }): never {
  const { response, context } = answer;
  interpretAnswer({ status: response.status, headers: response.headers, text }, whole, context);
  throw new InvalidResponseError(context.method, `${context.method}: the answer could not be read (not an array)`);
}
