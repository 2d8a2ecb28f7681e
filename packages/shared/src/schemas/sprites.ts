import { z } from 'zod';
import { ZPageQuery, ZSearchText } from './common.ts';

/**
 * Map icons (console /sprite, MANAGE_SPRITES): SVG images built into one
 * MapLibre sprite sheet, 1× and 2×. Map styles name an icon by its name
 * (`icon-image`), and point `sprite` at SPRITE_PATH under the API.
 */

/** The sheet's address under /api/: MapLibre adds `.json`, `.png`, `@2x.json` and `@2x.png`. */
export const SPRITE_PATH = 'sprites/sprite';
/** An image id in a style: lower case, digits, '-' and '_', so it reads the same in any expression. */
export const SPRITE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;
export const SPRITE_NAME_MAX = 64;
export const SPRITE_SVG_MAX_CHARS = 128 * 1024;
/** The icon's longer side on the map, in CSS pixels (the 2× sheet draws it twice as large). */
export const SPRITE_SIZE_MIN = 8;
export const SPRITE_SIZE_MAX = 128;
export const DEFAULT_SPRITE_SIZE = 24;
/** Enough for any map, and it keeps the sheets a size every browser decodes. */
export const MAX_SPRITE_ICONS = 500;

export const ZSpriteName = z
  .string({ error: 'MISSING_NAME' })
  .trim()
  .min(1, { error: 'MISSING_NAME' })
  .max(SPRITE_NAME_MAX, { error: 'INVALID_SPRITE_NAME' })
  .regex(SPRITE_NAME_PATTERN, { error: 'INVALID_SPRITE_NAME' });

export const ZSpriteIconInput = z.object({
  name: ZSpriteName,
  /** SVG markup; the server sanitises it and refuses what is not an SVG image. */
  svg: z
    .string({ error: 'MISSING_ICON' })
    .trim()
    .min(1, { error: 'MISSING_ICON' })
    .max(SPRITE_SVG_MAX_CHARS, { error: 'FILE_TOO_LARGE' }),
  size: z
    .number({ error: 'INVALID_SIZE' })
    .int({ error: 'INVALID_SIZE' })
    .min(SPRITE_SIZE_MIN, { error: 'INVALID_SIZE' })
    .max(SPRITE_SIZE_MAX, { error: 'INVALID_SIZE' })
    .default(DEFAULT_SPRITE_SIZE),
});
export type TSpriteIconInput = z.input<typeof ZSpriteIconInput>;

export const ZSpriteIcon = z.object({
  id: z.number().int(),
  name: z.string(),
  svg: z.string(),
  size: z.number().int(),
  /** Its box on the 1× sheet, in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSpriteIcon = z.infer<typeof ZSpriteIcon>;

export const SPRITE_SORT_PROPERTIES = ['name', 'size', 'createdAt', 'updatedAt'] as const;

export const ZSpriteSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(SPRITE_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
});
export type TSpriteSearchQuery = z.input<typeof ZSpriteSearchQuery>;

/** The sheet as built now: what the console shows beside the icons. */
export const ZSpriteSheetInfo = z.object({
  iconCount: z.number().int(),
  builtAt: z.string().nullable(),
  /** Pixel size of each sheet. */
  width: z.number().int(),
  height: z.number().int(),
  width2x: z.number().int(),
  height2x: z.number().int(),
  /** The style's `sprite` value, relative to the site: /api/sprites/sprite. */
  spriteUrl: z.string(),
});
export type TSpriteSheetInfo = z.infer<typeof ZSpriteSheetInfo>;

/** One image of a MapLibre sprite index (sprite.json). */
export const ZSpriteIndexEntry = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  pixelRatio: z.number().int(),
});
export type TSpriteIndexEntry = z.infer<typeof ZSpriteIndexEntry>;
