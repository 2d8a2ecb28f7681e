import { createHash } from 'node:crypto';
import type { TSpriteIndexEntry } from '@mip/shared';
import { Resvg } from '@resvg/resvg-js';
import { encodePng } from './png-encode.ts';

export interface TSheetIcon {
  name: string;
  svg: string;
  /** Its box at 1×, in pixels. */
  width: number;
  height: number;
}

export interface TBuiltSheet {
  pixelRatio: number;
  png: Buffer;
  index: Record<string, TSpriteIndexEntry>;
  width: number;
  height: number;
  etag: string;
}

/** Icons rarely hold text; loading the machine's fonts for every icon would cost more than all the drawing. */
const RENDER_OPTIONS = { font: { loadSystemFonts: false } } as const;
/** Space between icons at 1×, so no icon's edge pixels bleed into its neighbour when scaled. */
const GAP = 2;
/** Shelves are this wide at 1× (or as wide as the widest icon). */
const SHELF_WIDTH = 512;

/** The icon's box at 1×: its longer side is `size`, the other keeps the drawing's proportions. */
export function measureIcon(svg: string, size: number): { width: number; height: number } {
  const drawing = new Resvg(svg, RENDER_OPTIONS);
  const [w, h] = [drawing.width, drawing.height];
  if (!(w > 0 && h > 0)) return { width: size, height: size };
  return w >= h
    ? { width: size, height: Math.max(1, Math.round((size * h) / w)) }
    : { width: Math.max(1, Math.round((size * w) / h)), height: size };
}

/** Whether the icon leaves any visible pixel: markup whose drawing the sanitiser removed leaves none. */
export function drawsAnything(svg: string): boolean {
  const pixels = new Resvg(svg, { ...RENDER_OPTIONS, fitTo: { mode: 'width', value: 64 } }).render().pixels;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) return true;
  return false;
}

/**
 * Shelf packing: tallest icons first, left to right along a shelf, a new
 * shelf below when one is full. Simple, and within a few percent of optimal
 * for icons of similar sizes, which map icons are.
 */
export function packIcons<T extends { width: number; height: number }>(
  icons: T[],
): { placed: (T & { x: number; y: number })[]; width: number; height: number } {
  const order = [...icons].sort((a, b) => b.height - a.height || b.width - a.width);
  const shelfWidth = Math.max(SHELF_WIDTH, ...icons.map((icon) => icon.width));
  const placed: (T & { x: number; y: number })[] = [];
  let x = 0;
  let y = 0;
  let shelfHeight = 0;
  let width = 0;
  for (const icon of order) {
    if (x > 0 && x + icon.width > shelfWidth) {
      y += shelfHeight + GAP;
      x = 0;
      shelfHeight = 0;
    }
    placed.push({ ...icon, x, y });
    x += icon.width + GAP;
    shelfHeight = Math.max(shelfHeight, icon.height);
    width = Math.max(width, x - GAP);
  }
  return { placed, width: Math.max(1, width), height: Math.max(1, y + shelfHeight) };
}

/** Draws one icon into the sheet at (left, top), clipped to its box. */
function drawInto(sheet: Buffer, sheetWidth: number, icon: TSheetIcon, left: number, top: number, ratio: number) {
  const [width, height] = [icon.width * ratio, icon.height * ratio];
  const fitTo = icon.width >= icon.height ? { mode: 'width', value: width } : { mode: 'height', value: height };
  const image = new Resvg(icon.svg, { ...RENDER_OPTIONS, fitTo: fitTo as { mode: 'width'; value: number } }).render();
  const pixels = image.pixels;
  const rows = Math.min(height, image.height);
  const columns = Math.min(width, image.width);
  for (let row = 0; row < rows; row++) {
    const from = row * image.width * 4;
    const to = ((top + row) * sheetWidth + left) * 4;
    pixels.copy(sheet, to, from, from + columns * 4);
    unpremultiply(sheet, to, columns);
  }
}

/** resvg draws with premultiplied alpha; PNG stores colour and alpha apart. */
function unpremultiply(rgba: Buffer, start: number, pixelCount: number) {
  for (let i = start; i < start + pixelCount * 4; i += 4) {
    const alpha = rgba[i + 3];
    if (alpha === 0 || alpha === 255) continue;
    rgba[i] = Math.min(255, Math.round((rgba[i] * 255) / alpha));
    rgba[i + 1] = Math.min(255, Math.round((rgba[i + 1] * 255) / alpha));
    rgba[i + 2] = Math.min(255, Math.round((rgba[i + 2] * 255) / alpha));
  }
}

/**
 * A MapLibre sprite sheet at a pixel ratio: the PNG and its index
 * ({name: {x, y, width, height, pixelRatio}}, in the sheet's own pixels).
 */
export function buildSpriteSheet(icons: TSheetIcon[], pixelRatio: number): TBuiltSheet {
  const layout = packIcons(icons);
  const width = layout.width * pixelRatio;
  const height = layout.height * pixelRatio;
  const rgba = Buffer.alloc(width * height * 4);
  const index: Record<string, TSpriteIndexEntry> = {};
  for (const icon of [...layout.placed].sort((a, b) => a.name.localeCompare(b.name))) {
    drawInto(rgba, width, icon, icon.x * pixelRatio, icon.y * pixelRatio, pixelRatio);
    index[icon.name] = {
      x: icon.x * pixelRatio,
      y: icon.y * pixelRatio,
      width: icon.width * pixelRatio,
      height: icon.height * pixelRatio,
      pixelRatio,
    };
  }
  const png = encodePng(width, height, rgba);
  const etag = `"${createHash('sha1').update(png).update(JSON.stringify(index)).digest('base64url').slice(0, 20)}"`;
  return { pixelRatio, png, index, width, height, etag };
}
