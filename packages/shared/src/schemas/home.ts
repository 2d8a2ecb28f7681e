import { z } from 'zod';
import type { TPermissionRule } from '../permissions.ts';
import { ZEventRequestListItem } from './event-requests.ts';
import { EVENT_PRIORITIES, ZEventListItem } from './events.ts';
import { ZGtfsImportHistoryItem } from './gtfs.ts';
import { ZReportJob } from './reports.ts';

/** Each section of the console home shows at most this many records; its total says how many there are. */
export const HOME_SECTION_ITEMS = 5;
/** A finished background report stays "ready" on the home for this many days. */
export const HOME_REPORT_READY_DAYS = 7;

/**
 * Who sees which section of the console home: the same rule as the list each
 * section comes from (the /event-request, /events, /import-gtfs and /reports
 * screens and their API calls). Without it the section is absent.
 */
export const HOME_SECTION_RULES = {
  eventRequests: { all: ['MANAGE_EVENTS'] },
  events: { all: ['MANAGE_EVENTS'] },
  gtfsImports: { all: ['IMPORT_GTFS_FILE'] },
  reports: { any: ['GENERATE_REPORTS', 'MANAGE_REPORTS'] },
} as const satisfies Record<string, TPermissionRule>;
export type THomeSection = keyof typeof HOME_SECTION_RULES;

function ZHomeSection<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), items: z.array(item).max(HOME_SECTION_ITEMS) });
}

/**
 * GET /home/work: the signed-in user's work, each section filtered as its
 * list is — requests waiting (PENDING) for the user's entities, their live
 * events (highest priority first, with a count per priority), GTFS imports
 * under way or whose latest attempt failed, and their own reports ready.
 */
export const ZHomeWork = z.object({
  eventRequests: ZHomeSection(ZEventRequestListItem).optional(),
  events: ZHomeSection(ZEventListItem)
    .extend({ byPriority: z.record(z.enum(EVENT_PRIORITIES), z.number().int()) })
    .optional(),
  gtfsImports: ZHomeSection(ZGtfsImportHistoryItem).optional(),
  reports: ZHomeSection(ZReportJob).optional(),
});
export type THomeWork = z.infer<typeof ZHomeWork>;
