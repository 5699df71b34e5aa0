// A JSON array read as it arrives: the text is split at its top-level elements, and the elements each piece
// completes are handed on together, so a long answer (pull_reservations, pull_db) is used while it still
// travels. Only the structure is scanned here (strings, nesting, commas); the elements are then read by one
// JSON.parse per piece (much faster than one per element: fewer calls, far less garbage).

/** Why the text is not one JSON array: the answer cannot be read. */
export class MalformedArrayError extends Error {}

/** Feeds an array's text in pieces of any size; `end` checks that the array was closed. */
export interface ArraySplitter {
  /** Takes the next piece of text; hands on the elements it completes (when it completes any). */
  push(text: string): void;
  /** After the last piece: throws MalformedArrayError when the array is not closed or something follows it. */
  end(): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Splits one JSON array (whitespace around it allowed) at its elements. `onElements` gets, once per piece that
 * completes any, the text of those elements with the commas between them: the inside of a JSON array (parse
 * it as `[${text}]`). The elements are not checked here beyond their strings and brackets: JSON.parse says
 * whether they are JSON.
 */
export function createArraySplitter(onElements: (text: string) => void): ArraySplitter {
  /** The text not yet handed on: from the start of the element under way (or of what is unread). */
  let buffer = '';
  /** Where scanning resumes in `buffer`. */
  let position = 0;
  /** Where the element under way starts in `buffer` (-1: none started yet). */
  let elementStart = -1;
  let phase: 'before' | 'element' | 'closed' = 'before';
  /** Nesting inside the element under way (0: at the array's own level). */
  let depth = 0;
  let inString = false;
  let elements = 0;

  const fail = (why: string): never => {
    throw new MalformedArrayError(why);
  };

  /** Where the elements completed by the piece under way start and end in `buffer` (-1: none yet). */
  let runStart = -1;
  let runEnd = -1;
  /** Notes the element under way as complete; it ends before `at` (a comma or the closing bracket). */
  const finishElement = (at: number) => {
    if (runStart === -1) runStart = elementStart;
    runEnd = at;
    elements++;
    elementStart = -1;
  };

  /** The index after the closing quote of the string under way, from `from`; -1 when it goes on past the text. */
  const stringEnd = (from: number): number => {
    let quote = buffer.indexOf('"', from);
    while (quote !== -1) {
      let backslashes = 0;
      while (buffer.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      quote = buffer.indexOf('"', quote + 1);
    }
    return -1;
  };

  /** Outside the array, past whitespace: its opening bracket before it, nothing after it. */
  const outsideArray = (code: number) => {
    if (phase === 'closed') fail('something follows the array');
    if (code !== OPEN_SQUARE) fail('the answer is not an array');
    phase = 'element';
  };

  /** Inside an element: strings skipped whole, brackets counted; a comma or `]` at the array's level ends it. */
  const inElement = (code: number, at: number) => {
    if (elementStart === -1) {
      if (code === CLOSE_SQUARE && elements === 0) {
        phase = 'closed'; // `[]`
        return;
      }
      if (code === COMMA || code === CLOSE_SQUARE) fail('an element is missing');
      elementStart = at;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_CURLY || code === OPEN_SQUARE) depth++;
    else if (depth > 0 && (code === CLOSE_CURLY || code === CLOSE_SQUARE)) depth--;
    else if (depth === 0 && (code === COMMA || code === CLOSE_SQUARE)) {
      finishElement(at);
      phase = code === COMMA ? 'element' : 'closed';
    } else if (depth === 0 && code === CLOSE_CURLY) fail('a closing brace has no opening one');
  };

  const scan = () => {
    while (position < buffer.length) {
      if (inString) {
        const after = stringEnd(position);
        if (after === -1) {
          position = buffer.length;
          return;
        }
        inString = false;
        position = after;
        continue;
      }
      const code = buffer.charCodeAt(position);
      if (phase === 'element' && (elementStart !== -1 || !isWhitespace(code))) inElement(code, position);
      else if (!isWhitespace(code)) outsideArray(code);
      position++;
    }
  };

  return {
    push(text) {
      // What was handed on is dropped: only the element under way is kept.
      const keepFrom = elementStart === -1 ? position : elementStart;
      buffer = buffer.slice(keepFrom) + text;
      position -= keepFrom;
      if (elementStart !== -1) elementStart = 0;
      scan();
      if (runStart === -1) return;
      const run = buffer.slice(runStart, runEnd);
      runStart = -1;
      onElements(run);
    },
    end() {
      if (phase !== 'closed') fail(phase === 'before' ? 'the answer is empty' : 'the array was cut off');
    },
  };
}
