/// <reference lib="dom" />
// The functions passed to page.evaluate run in Chromium: the DOM library types them (Node code never calls them here).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The campaign preview shows a sender's own email in a sandboxed frame without scripts: axe cannot run
 * inside it (it waits for the frame forever), and what is in it is the sender's, not the desk's.
 */
const NOT_THE_DESKS = ['iframe[title="Campaign preview"]'];

/** axe-core's serious and critical findings on the page as it is now, one line each (rule, element, why). */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of NOT_THE_DESKS) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
      ),
    );
}

/** What the keyboard walk found: controls Tab never reached, and controls reached without a visible focus. */
export interface KeyboardWalk {
  /** Visible controls (or things that look clickable) that Tab never focused. */
  unreachable: string[];
  /** Controls that took focus without any visible change (no outline, shadow, border or background change). */
  invisibleFocus: string[];
  /** How many stops Tab made. */
  stops: number;
}

/**
 * Walks the page with Tab from the top, as a person with a keyboard would, and compares what took
 * focus with every visible control on the page. Members of a roving group (tabs, radios, options,
 * menu items) count as reached when one of the group took focus: arrow keys move within them.
 * A thing with a pointer cursor and no focusable self or ancestor counts as a control too, so a
 * clickable card without a keyboard way to it is found.
 */
export async function walkWithKeyboard(page: Page, maxStops = 400): Promise<KeyboardWalk> {
  // Transitions off while measuring, so a focus style is read as it ends up, not halfway.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  // Tab starts from a mark put at the top of the page, as when the page has just opened.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('[data-kb-seen], [data-kb-current]')) {
      element.removeAttribute('data-kb-seen');
      element.removeAttribute('data-kb-current');
    }
    const dialog = document.querySelector('[role=dialog]');
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = 'kb-walk-start';
    (dialog ?? document.body).prepend(start);
    start.focus();
  });
  const invisibleFocus: string[] = [];
  let stops = 0;
  for (; stops < maxStops; stops += 1) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      document.getElementById('kb-walk-start')?.remove();
      if (!element || element === document.body) return { done: false, outside: true, name: '', visible: true };
      const name = `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      // Tab steps through a date input's day, month and year without leaving it: still the same stop.
      if (element.hasAttribute('data-kb-current')) return { done: false, outside: false, name, visible: true };
      document.querySelector('[data-kb-current]')?.removeAttribute('data-kb-current');
      if (element.hasAttribute('data-kb-seen')) return { done: true, outside: false, name, visible: true };
      element.setAttribute('data-kb-seen', '');
      element.setAttribute('data-kb-current', '');
      // The focus is visible when the control or a wrapper changes how it looks while focused.
      const looks = (node: Element | null) => {
        if (!node) return '';
        const style = getComputedStyle(node);
        const outline = style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineColor;
        return [outline, style.boxShadow, style.borderColor, style.backgroundColor].join('|');
      };
      const chain = [element, element.parentElement, element.parentElement?.parentElement ?? null];
      const focused = chain.map(looks).join('#');
      const hadFocus = element;
      hadFocus.blur();
      const unfocused = chain.map(looks).join('#');
      hadFocus.focus({ preventScroll: true });
      return { done: false, outside: false, name, visible: focused !== unfocused };
    });
    if (step.done || step.outside) break;
    if (!step.visible) invisibleFocus.push(step.name);
  }
  await still.evaluate((style) => style.parentNode?.removeChild(style));
  const unreachable = await page.evaluate(() => {
    // With a dialog open, only the dialog is in reach (the page behind it is inert for the keyboard).
    const scope = document.querySelector('[role=dialog]') ?? document;
    const controls =
      'button, a[href], input:not([type=hidden]), select, textarea, [contenteditable="true"], [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=option], [role=menuitem], [role=slider], [tabindex]:not([tabindex="-1"])';
    const roving = '[role=tablist], [role=radiogroup], [role=listbox], [role=menu], [role=grid], [role=tree]';
    const focusable =
      'button, a[href], input, select, textarea, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        !element.closest('[aria-hidden="true"], [inert], [disabled], fieldset[disabled]') &&
        !(element as HTMLInputElement).disabled
      );
    };
    const reached = (element: Element) => {
      if (element.closest('[data-kb-seen]') || element.querySelector('[data-kb-seen]')) return true;
      const group = element.closest(roving);
      if (group?.querySelector('[data-kb-seen]')) return true;
      if (element instanceof HTMLInputElement && element.type === 'radio' && element.name)
        return document.querySelector(`input[type=radio][name="${CSS.escape(element.name)}"][data-kb-seen]`) !== null;
      return false;
    };
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    // A picker's dropdown (a date input's calendar) opens on focus and is worked with the arrow keys, not Tab.
    const inDropdown = (element: Element) => element.closest('.mantine-Popover-dropdown') !== null;
    const missed = [...scope.querySelectorAll(controls)].filter(
      (element) =>
        shown(element) && !reached(element) && !inDropdown(element) && element.getAttribute('aria-disabled') !== 'true',
    );
    // Things that look clickable (a pointer cursor) with nothing focusable on or around them.
    const pointerOnly = [...scope.querySelectorAll('*')].filter(
      (element) =>
        shown(element) &&
        getComputedStyle(element).cursor === 'pointer' &&
        getComputedStyle(element.parentElement ?? element).cursor !== 'pointer' &&
        !element.closest(focusable) &&
        !element.querySelector(focusable) &&
        !element.closest('label'),
    );
    return [...missed, ...pointerOnly].map(label);
  });
  return { unreachable, invisibleFocus, stops };
}

/** How far the page, or any part of it that is not meant to scroll sideways, is wider than its box. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      // A region that scrolls sideways on purpose says so (data-scrolls-sideways), e.g. a spreadsheet's columns.
      if (!scrolls || element.closest('[data-scrolls-sideways]')) continue;
      const overflow = element.scrollWidth - element.clientWidth;
      if (overflow > 1 && element.clientWidth > 0)
        found.push(
          `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[aria-label="${element.getAttribute('aria-label')}"]` : ''}.${String(element.className).split(' ').slice(0, 2).join('.')} scrolls sideways by ${overflow} px`,
        );
    }
    return found;
  });
}

/** Controls whose text is cut (an ellipsis or a clipped box) on the page: badges, buttons, tabs. */
export async function cutControls(page: Page, selector = 'button, [role=tab], .mantine-Badge-root'): Promise<string[]> {
  return page.evaluate((wanted) => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll(wanted)) {
      // A region that scrolls sideways on purpose (a spreadsheet's cells) shows the rest when scrolled.
      if (element.closest('[data-scrolls-sideways]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const inner = element.querySelector('.mantine-Button-label, .mantine-Badge-label') ?? element;
      if (inner.scrollWidth > inner.clientWidth + 1 || box.right > window.innerWidth)
        cut.push(`"${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return cut;
  }, selector);
}
