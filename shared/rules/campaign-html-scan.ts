// A small tolerant one-pass reader of campaign HTML: the elements, their attributes, link texts and the
// visible text, which is all the pre-check needs. A full DOM parse of a 200 KB body is too slow to run
// on every keystroke; this never throws, whatever it is given.

/** An element as written: its tag (lower case), attributes, whether it sits in the head, and for links their text. */
export interface ScannedElement {
  tag: string;
  attributes: Record<string, string>;
  inHead: boolean;
  /** Links only: the text inside. */
  text?: string;
}

/** What the scan found. */
export interface ScannedHtml {
  elements: ScannedElement[];
  /** Text a reader sees: outside script, style, head and title, tags removed, spaces collapsed. */
  visibleText: string;
}

const TAG =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'noscript']);
const HIDDEN_TEXT = new Set(['script', 'style', 'title']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Decodes the few entities that matter for addresses and placeholder words. */
function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (ENTITIES[lower] !== undefined) return ENTITIES[lower]!;
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)) || 32);
    return whole;
  });
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const name = match[1]!.toLowerCase();
    if (name === '/' || name in attributes) continue;
    attributes[name] = decode(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Reads HTML into elements and visible text, tolerating anything (unclosed tags, stray brackets, broken quotes). */
export function scanHtml(html: string): ScannedHtml {
  const elements: ScannedElement[] = [];
  const visible: string[] = [];
  const openLinks: { element: ScannedElement; parts: string[] }[] = [];
  let inHead = false;
  let hiddenDepth = 0;
  let last = 0;
  const addText = (text: string) => {
    if (text === '') return;
    const decoded = decode(text);
    if (!inHead && hiddenDepth === 0) visible.push(decoded);
    for (const link of openLinks) link.parts.push(decoded);
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    addText(html.slice(last, match.index));
    last = TAG.lastIndex;
    const name = match[2]?.toLowerCase();
    if (!name) continue;
    if (match[1]) {
      if (name === 'head') inHead = false;
      else if (name === 'a') {
        const link = openLinks.pop();
        if (link) link.element.text = link.parts.join('');
      } else if (HIDDEN_TEXT.has(name) && hiddenDepth > 0) hiddenDepth -= 1;
      continue;
    }
    if (name === 'body') inHead = false;
    const element: ScannedElement = { tag: name, attributes: attributesOf(match[3] ?? ''), inHead };
    elements.push(element);
    if (name === 'head') inHead = true;
    if (name === 'a') openLinks.push({ element, parts: [] });
    if (RAW_TEXT.has(name)) {
      // Script and style bodies are text up to their closing tag, never markup.
      const close = new RegExp(`</${name}\\s*>`, 'ig');
      close.lastIndex = last;
      const end = close.exec(html);
      if (!HIDDEN_TEXT.has(name)) addText(html.slice(last, end ? end.index : html.length));
      last = end ? close.lastIndex : html.length;
      TAG.lastIndex = last;
    } else if (HIDDEN_TEXT.has(name)) hiddenDepth += 1;
  }
  addText(html.slice(last));
  for (const link of openLinks) link.element.text = link.parts.join('');
  return { elements, visibleText: visible.join(' ').replace(/\s+/g, ' ').trim() };
}
