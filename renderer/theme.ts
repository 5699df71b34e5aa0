import {
  createTheme,
  darken,
  Drawer,
  luminance,
  Modal,
  Notification,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

/** WCAG 2's minimum contrast for text under 18 pt (AA, success criterion 1.4.3). */
const READABLE = 4.5;
/**
 * The luminance above which black text reads better than white: below it white has at least 4.5:1,
 * above it black has at least 4.66:1 ((L + 0.05) / 0.05). Filled buttons and badges pick their text
 * colour with it (autoContrast), so a yellow or teal fill gets dark text instead of unreadable white.
 */
const WHITE_TEXT_LIMIT = 0.183;

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened in small steps until it reads at 4.5:1 on every background given. */
function readableOn(color: string, backgrounds: readonly string[]): string {
  let shade = color;
  for (let step = 1; step <= 20 && backgrounds.some((bg) => contrastRatio(shade, bg) < READABLE); step += 1)
    shade = darken(color, step * 0.05);
  return shade;
}

/** One theme for the desk: dense, readable at arm's length. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled buttons and badges use the 8th shade (indigo 8 under white text reads at 5.7:1; the 6th, Mantine's default, at 4.3:1).
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_LIMIT,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Focus rings on keyboard focus only (:focus-visible), on every control.
  focusRing: 'auto',
  // Staff whose system asks for less motion get none: dialogs, tabs and notifications appear and go at once.
  respectReducedMotion: true,
  components: {
    // Mantine's close buttons are an icon alone: they need a name for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

/**
 * Contrast from the theme, never element by element: every colour's text (`c="red"`), light-variant
 * text (badges, alerts, the active navigation entry) and outline is darkened until it reads at 4.5:1
 * on white and on that colour's own tints (the light variant's background and its hover), and dimmed
 * text is gray 7 (7.8:1 on white, 6.5:1 on the active navigation entry) instead of gray 6 (3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (current: MantineTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  };
  for (const [name, shades] of Object.entries(current.colors)) {
    const text = readableOn(shades[8], [current.white, shades[0], shades[1], shades[2]]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  return { variables: {}, light, dark: {} };
};
