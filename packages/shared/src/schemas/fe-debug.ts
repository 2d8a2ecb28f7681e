import { z } from 'zod';
import { ZPageQuery, ZSearchText } from './common.ts';

/** The configuration that says how many days a report is kept after it was last seen. */
export const FE_DEBUG_RETENTION_SETTING = 'feDebug.reportRetentionDays';
export const DEFAULT_FE_DEBUG_RETENTION_DAYS = 90;

/**
 * POST /fe-debug/ (spec 001 §7): what the browser knew when a screen failed.
 * Every text is bounded, so a broken page cannot post megabytes.
 */
export const ZFeDebugInput = z.object({
  error: z.object(
    {
      name: z.string().max(200).optional(),
      message: z
        .string({ error: 'MISSING_MESSAGE' })
        .trim()
        .min(1, { error: 'MISSING_MESSAGE' })
        .max(2000, { error: 'TOO_LONG' }),
      stack: z.string().max(10_000).optional(),
      /** Where in the React tree it happened, when React said. */
      componentStack: z.string().max(10_000).optional(),
    },
    { error: 'MISSING_MESSAGE' },
  ),
  device: z
    .object({
      userAgent: z.string().max(500).optional(),
      language: z.string().max(35).optional(),
      platform: z.string().max(100).optional(),
      timeZone: z.string().max(64).optional(),
      screenWidth: z.number().int().min(0).max(100_000).optional(),
      screenHeight: z.number().int().min(0).max(100_000).optional(),
      viewportWidth: z.number().int().min(0).max(100_000).optional(),
      viewportHeight: z.number().int().min(0).max(100_000).optional(),
    })
    .default({}),
  location: z.object(
    {
      href: z.string().max(2000),
      pathname: z.string().max(2000),
    },
    { error: 'MISSING_URL' },
  ),
});
export type TFeDebugInput = z.infer<typeof ZFeDebugInput>;

/**
 * STORED: a new report. REPEATED: the same error from the same client within
 * the window, counted on the report already stored. Throttled calls get 429.
 */
export const ZFeDebugReceipt = z.object({ id: z.number().int(), status: z.enum(['STORED', 'REPEATED']) });
export type TFeDebugReceipt = z.infer<typeof ZFeDebugReceipt>;

export const ZFeDebugReport = z.object({
  id: z.number().int(),
  errorName: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  componentStack: z.string().nullable(),
  device: z.record(z.string(), z.union([z.string(), z.number()])),
  href: z.string(),
  pathname: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  /** How many times it happened in the window (1 + the repeats counted on it). */
  occurrences: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type TFeDebugReport = z.infer<typeof ZFeDebugReport>;

/** The list leaves out the long texts; GET /fe-debug/{id} has them. */
export const ZFeDebugListItem = ZFeDebugReport.omit({ stack: true, componentStack: true, device: true }).extend({
  userAgent: z.string().nullable(),
});
export type TFeDebugListItem = z.infer<typeof ZFeDebugListItem>;

export const ZFeDebugSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['createdAt', 'lastSeenAt', 'occurrences']).optional(),
  universalSearch: ZSearchText,
});
export type TFeDebugSearchQuery = z.infer<typeof ZFeDebugSearchQuery>;
