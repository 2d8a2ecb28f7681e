import { describe, expect, it } from 'vitest';
import { decodeOwnPng } from '../../../test/png.ts';
import { buildSpriteSheet, measureIcon, packIcons } from './sprite-sheet.ts';

const square = (colour: string, opacity = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${colour}" fill-opacity="${opacity}"/></svg>`;

describe('measureIcon', () => {
  it('gives the longer side the size and keeps the proportions', () => {
    const wide = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20"/></svg>';
    expect(measureIcon(wide, 24)).toEqual({ width: 24, height: 12 });
    const tall = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 30"><rect width="10" height="30"/></svg>';
    expect(measureIcon(tall, 30)).toEqual({ width: 10, height: 30 });
  });
});

describe('packIcons', () => {
  it('places every icon without overlap, on shelves no wider than needed', () => {
    const icons = Array.from({ length: 60 }, (_, i) => ({
      name: `i${i}`,
      width: 8 + (i % 5) * 10,
      height: 8 + (i % 7) * 6,
    }));
    const { placed, width, height } = packIcons(icons);
    expect(placed).toHaveLength(60);
    for (const a of placed) {
      expect(a.x + a.width).toBeLessThanOrEqual(width);
      expect(a.y + a.height).toBeLessThanOrEqual(height);
      for (const b of placed) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.name} overlaps ${b.name}`).toBe(true);
      }
    }
    expect(width).toBeLessThanOrEqual(512);
  });

  it('makes a shelf as wide as an icon wider than a shelf', () => {
    expect(packIcons([{ width: 700, height: 10 }]).width).toBe(700);
  });
});

describe('buildSpriteSheet', () => {
  it('draws each icon where its index says, at 1× and twice as large at 2×', () => {
    const icons = [
      { name: 'red', svg: square('#ff0000'), width: 10, height: 10 },
      { name: 'blue', svg: square('#0000ff'), width: 20, height: 20 },
    ];
    for (const ratio of [1, 2]) {
      const sheet = buildSpriteSheet(icons, ratio);
      expect(Object.keys(sheet.index).sort()).toEqual(['blue', 'red']);
      const image = decodeOwnPng(sheet.png);
      expect([image.width, image.height]).toEqual([sheet.width, sheet.height]);
      const red = sheet.index.red;
      expect(red).toMatchObject({ width: 10 * ratio, height: 10 * ratio, pixelRatio: ratio });
      expect(image.pixel(red.x + red.width / 2, red.y + red.height / 2)).toEqual([255, 0, 0, 255]);
      const blue = sheet.index.blue;
      expect(image.pixel(blue.x + 1, blue.y + blue.height - 1)).toEqual([0, 0, 255, 255]);
    }
  });

  it('stores colours unpremultiplied, as PNG wants them', () => {
    const sheet = buildSpriteSheet([{ name: 'half', svg: square('#ff0000', 0.5), width: 4, height: 4 }], 1);
    const [r, g, b, a] = decodeOwnPng(sheet.png).pixel(1, 1);
    expect([r, g, b]).toEqual([255, 0, 0]);
    expect(a).toBeGreaterThan(120);
    expect(a).toBeLessThan(136);
  });

  it('builds a valid 1-pixel sheet with an empty index when there are no icons', () => {
    const sheet = buildSpriteSheet([], 2);
    expect(sheet.index).toEqual({});
    expect(decodeOwnPng(sheet.png).pixel(0, 0)).toEqual([0, 0, 0, 0]);
  });
});
