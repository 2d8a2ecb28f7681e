import { describe, expect, it } from 'vitest';
import { buildShades, contrastRatio, LINK_BACKGROUNDS, readableLinkShades, readableShade } from './colour-contrast.ts';

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

  it('mixes the shades of a colour given as hsl() as of the same colour in hex, not of the default teal', () => {
    expect(buildShades('hsl(0, 100%, 50%)')).toEqual(buildShades('#ff0000'));
    expect(buildShades('hsl(120deg 100% 25%)')).toEqual(buildShades('#008000'));
    expect(buildShades('hsla(210, 79%, 46%, 0.5)')[6]).toBe('#1975d2');
    // A light yellow gives links no readable shade on white, as its hex twin does; teal's would have.
    expect(readableLinkShades('hsl(54, 100%, 62%)')).toEqual(readableLinkShades('#ffec3d'));
    expect(readableLinkShades('hsl(54, 100%, 62%)').light).not.toBe(readableLinkShades('#0a6c74').light);
  });

  it.each(['#0a6c74', '#1c7ed6', '#e91e63', '#4caf50', '#ff9800'])(
    'gives links in %s a colour that reads at AA in both schemes',
    (colour) => {
      const shades = buildShades(colour);
      const links = readableLinkShades(colour);
      expect(links.dark, 'a light enough shade exists for every colour on a dark page').not.toBeNull();
      for (const [shade, backgrounds] of [
        [links.light, LINK_BACKGROUNDS.light],
        [links.dark, LINK_BACKGROUNDS.dark],
      ] as const) {
        // No readable shade: links take the text colour instead.
        if (shade === null) continue;
        for (const background of backgrounds) {
          expect(contrastRatio(shades[shade] as string, background)).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );
});
