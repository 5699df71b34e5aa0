import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, theme } from '../../../renderer/theme';

// Issue 22: contrast comes from the theme. Every colour a screen can name is checked here, not only the ones axe met.
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;
const shade = (name: string, index: number) => merged.colors[name]![index]!;

describe('the desk’s theme', () => {
  it('gives every colour a text, light-variant and outline colour that reads at 4.5:1 on white and on its own tints', () => {
    const failing: string[] = [];
    for (const name of Object.keys(merged.colors)) {
      for (const variable of ['text', 'light-color', 'outline']) {
        const color = light[`--mantine-color-${name}-${variable}`]!;
        for (const background of [merged.white, shade(name, 0), shade(name, 1), shade(name, 2)])
          if (contrastRatio(color, background) < 4.5)
            failing.push(
              `${name} ${variable} ${color} on ${background}: ${contrastRatio(color, background).toFixed(2)}`,
            );
      }
    }
    expect(failing).toEqual([]);
  });

  it('dims text with gray 7, readable on white and on the active navigation entry', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    for (const background of [merged.white, shade('indigo', 1), shade('indigo', 2)])
      expect(contrastRatio(shade('gray', 7), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('fills primary buttons with a shade white text reads on', () => {
    expect(merged.primaryShade).toBe(8);
    expect(contrastRatio('#ffffff', shade('indigo', 8))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', shade('indigo', 9))).toBeGreaterThanOrEqual(4.5); // its hover
  });
});
