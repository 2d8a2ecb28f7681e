import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildShades, contrastRatio, cssVariablesResolver, readableShade } from './theme';

/** The colour a `var(--mantine-color-brand-N)` stands for, among the configured shades. */
function resolveBrand(value: string, shades: readonly string[]): string | undefined {
  const shade = /^var\(--mantine-color-brand-(\d)\)$/.exec(value)?.[1];
  return shade === undefined ? undefined : shades[Number(shade)];
}

describe('the theme’s contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBe(contrastRatio('#777777', '#ffffff'));
  });

  it('picks the first shade that reads at AA on every background, or none', () => {
    const shades = buildShades('#0a6c74');
    // Shade 4 reads at 3.9:1 on a dark card; shade 3 is the first that clears 4.5:1.
    expect(readableShade(shades, [4, 3, 2, 1, 0], ['#242424', '#2e2e2e'])).toBe(3);
    expect(readableShade(shades, [6, 7], ['#ffffff'])).toBe(6);
    expect(readableShade(buildShades('#ffeb3b'), [6, 7, 8, 9], ['#ffffff'])).toBeUndefined();
  });

  it.each(['#0a6c74', '#1c7ed6', '#e91e63', '#4caf50', '#ff9800'])(
    'gives links in %s a colour that reads at AA in both schemes',
    (colour) => {
      const brand = buildShades(colour);
      const theme = { ...DEFAULT_THEME, primaryColor: 'brand', colors: { ...DEFAULT_THEME.colors, brand } };
      const { light, dark } = cssVariablesResolver(theme as MantineTheme);
      const lightAnchor = resolveBrand(light['--mantine-color-anchor'] as string, brand);
      const darkAnchor = resolveBrand(dark['--mantine-color-anchor'] as string, brand);
      for (const [anchor, backgrounds] of [
        [lightAnchor, ['#ffffff', DEFAULT_THEME.colors.gray[1]]],
        [darkAnchor, DEFAULT_THEME.colors.dark.slice(5, 8)],
      ] as const) {
        // No readable shade: links take the text colour instead.
        if (anchor === undefined) continue;
        for (const background of backgrounds) expect(contrastRatio(anchor, background)).toBeGreaterThanOrEqual(4.5);
      }
      expect(darkAnchor, 'a light enough shade exists for every colour on a dark page').toBeDefined();
    },
  );
});
