import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine reads these browser APIs, which jsdom lacks.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
// A select's list scrolls its chosen option into view as it opens.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Textarea autosize listens for web fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}

// findBy…/waitFor wait up to 5 s, not testing-library's 1 s: on a loaded 2-core machine a screen that does
// appear can take longer than 1 s (GuestProfile's "Ada King" heading did, at load 9–13). A wrong screen still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
