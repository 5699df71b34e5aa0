// A JSON array read as it arrives: the text is split into its top-level elements, each handed on as soon as
// its last character is in, so a long answer (pull_reservations, pull_db) is used while it still travels.
// Only the structure is scanned here (strings, nesting, commas); each element is then read by JSON.parse.

/** Why the text is not one JSON array: the answer cannot be read. */
export class MalformedArrayError extends Error {}

/** Feeds an array's text in pieces of any size; `end` checks that the array was closed. */
export interface ArraySplitter {
  /** Takes the next piece of text; calls `onElement` with the text of every element it completes. */
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
 * Splits one JSON array (whitespace around it allowed) into the text of its elements. The text of an
 * element is not checked here beyond its strings and brackets: JSON.parse of it says whether it is JSON.
 */
export function createArraySplitter(onElement: (text: string) => void): ArraySplitter {
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

  /** Hands on the element under way, which ends before `at` (a comma or the closing bracket). */
  const finishElement = (at: number) => {
    let end = at;
    while (end > elementStart && isWhitespace(buffer.charCodeAt(end - 1))) end--;
    onElement(buffer.slice(elementStart, end));
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
    },
    end() {
      if (phase !== 'closed') fail(phase === 'before' ? 'the answer is empty' : 'the array was cut off');
    },
  };
}
