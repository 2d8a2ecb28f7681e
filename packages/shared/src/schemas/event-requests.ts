import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { LANGUAGES, requiredId, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { ZDocumentSummary } from './documents.ts';
import { EVENT_PRIORITIES, EVENT_STATUSES, ZEventGeoJson } from './events.ts';
import { ZGeometry } from './mobility.ts';

/**
 * Event requests: occurrences reported by the public (spec 001 §2 report-event
 * modal and event-request detail, §3 EventRequest, §4, §5, §7 POST /event-requests/).
 */

export const EVENT_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type TEventRequestStatus = (typeof EVENT_REQUEST_STATUSES)[number];

/** Photos one report may carry, and their size: the spec's default upload limit. */
export const EVENT_REQUEST_MAX_PHOTOS = 3;
export const EVENT_REQUEST_PHOTO_MAX_MB = 5;
/** Reports one address may send in an hour before it is asked to wait. */
export const EVENT_REQUEST_HOURLY_LIMIT = 10;

export const ZEventRequestPhoto = z.object({
  filename: z.string({ error: 'INVALID_FILE' }).trim().min(1, { error: 'INVALID_FILE' }).max(255),
  /** The picture's bytes, base64 (no data: prefix). Re-encoded without EXIF on the server. */
  contents: z
    .string({ error: 'INVALID_FILE' })
    .min(1, { error: 'INVALID_FILE' })
    // base64 of 5 MB, plus padding
    .max(Math.ceil((EVENT_REQUEST_PHOTO_MAX_MB * 1024 * 1024 * 4) / 3) + 4, { error: 'FILE_TOO_LARGE' }),
});
export type TEventRequestPhoto = z.input<typeof ZEventRequestPhoto>;

/**
 * POST /event-requests/ — every field of the spec's form is mandatory (spec 001 §5);
 * the web shows the spec's own sentences for these codes on this form.
 */
export const ZEventRequestInput = z.object({
  categoryId: requiredId('MISSING_CATEGORY', 'INVALID_CATEGORY'),
  participantName: z
    .string({ error: 'MISSING_PARTICIPANT_NAME' })
    .trim()
    .min(1, { error: 'MISSING_PARTICIPANT_NAME' })
    .max(200, { error: 'INVALID_NAME' }),
  participantEmail: z
    .string({ error: 'MISSING_PARTICIPANT_EMAIL' })
    .trim()
    .min(1, { error: 'MISSING_PARTICIPANT_EMAIL' })
    .pipe(ZEmail),
  title: z
    .string({ error: 'MISSING_TITLE' })
    .trim()
    .min(1, { error: 'MISSING_TITLE' })
    .max(300, { error: 'INVALID_TITLE' }),
  description: z
    .string({ error: 'MISSING_DESCRIPTION' })
    .trim()
    .min(1, { error: 'MISSING_DESCRIPTION' })
    .max(5000, { error: 'INVALID_DESCRIPTION' }),
  /** Where it happened, when the category allows a location (allowGeometry). */
  geometry: z
    .unknown()
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined) return null;
      const parsed = ZGeometry.safeParse(value);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'INVALID_GEOMETRY' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** Photos, when the category allows them (allowPhotoUpload). */
  images: z
    .array(ZEventRequestPhoto, { error: 'INVALID_FILE' })
    .max(EVENT_REQUEST_MAX_PHOTOS, { error: 'TOO_MANY_FILES' })
    .default([]),
  /** The system the report was made from (its card), and any other the reporter names. */
  affectedSystems: z.array(ZId, { error: 'INVALID_AFFECTED_SYSTEMS' }).max(20).default([]),
  /** The language the reporter wrote in: replies by email use it. */
  language: z.enum(LANGUAGES).default('pt-PT'),
});
export type TEventRequestInput = z.input<typeof ZEventRequestInput>;
export type TEventRequestInputParsed = z.output<typeof ZEventRequestInput>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * The answer to POST /event-requests/: the reference the reporter can quote,
 * and the token of their private follow-up page (/report/{token}), answered
 * only now and by email: the server keeps only its hash.
 */
export const ZEventRequestCreated = z.object({
  id: z.number().int(),
  status: z.literal('PENDING'),
  followUpToken: z.string(),
});
export type TEventRequestCreated = z.infer<typeof ZEventRequestCreated>;

/** A follow-up token (32 random bytes in base64url); anything else simply matches no report (404). */
export const ZFollowUpToken = z.string().min(1).max(64);

/**
 * GET /event-requests/follow-up/{token}: what a reporter may see of their
 * report — never a name or an address, theirs or the staff's.
 */
export const ZEventRequestFollowUp = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(EVENT_REQUEST_STATUSES),
  /** When it was sent and, once decided, when. */
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  category: z.string(),
  /** The entity that handles the category (and, once accepted, the incident). */
  responsibleEntity: z.string().nullable(),
  /** Why it was not accepted. */
  reason: z.string().nullable(),
  /** Once accepted: the incident it became. */
  event: z
    .object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(EVENT_STATUSES),
      /** Whether it shows on the public map (its card can be opened). */
      isOnMap: z.boolean(),
      comments: z.array(z.object({ message: z.string(), createdAt: z.string(), entity: z.string().nullable() })),
    })
    .nullable(),
});
export type TEventRequestFollowUp = z.infer<typeof ZEventRequestFollowUp>;

export const ZEventRequestListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  category: ZRef,
  participantName: z.string(),
  status: z.enum(EVENT_REQUEST_STATUSES),
  responsibleEntity: ZRef.nullable(),
  date: z.string(),
  lastUpdate: z.string(),
});
export type TEventRequestListItem = z.infer<typeof ZEventRequestListItem>;

/** GET /event-requests/{id}: the read-only detail (spec 001 §2, §3, §4). */
export const ZEventRequest = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  category: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The category's report agent and allocated entity: who handles the request. */
    initialAgent: ZRef.nullable(),
    initialAgentEntity: ZRef.nullable(),
    allowGeometry: z.boolean(),
    allowPhotoUpload: z.boolean(),
  }),
  participantName: z.string(),
  participantEmail: z.string(),
  title: z.string(),
  description: z.string(),
  geometry: ZGeometry.nullable(),
  images: z.array(ZDocumentSummary),
  affectedSystems: z.array(z.object({ id: z.number().int(), name: z.string(), parentName: z.string() })),
  status: z.enum(EVENT_REQUEST_STATUSES),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** Who accepted or rejected it, and when. */
  closedBy: ZRef.nullable(),
  closedAt: z.string().nullable(),
  /** The event made from it when accepted. */
  event: z.object({ id: z.number().int(), title: z.string(), status: z.enum(EVENT_STATUSES) }).nullable(),
  language: z.enum(LANGUAGES),
  date: z.string(),
  lastUpdate: z.string(),
});
export type TEventRequest = z.infer<typeof ZEventRequest>;

export const EVENT_REQUEST_SORT_PROPERTIES = ['id', 'title', 'categoryName', 'status', 'date', 'lastUpdate'] as const;

/** GET /event-requests/search (MANAGE_EVENTS). */
export const ZEventRequestSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(EVENT_REQUEST_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  status: ZQueryList(z.enum(EVENT_REQUEST_STATUSES)),
  categoryId: ZQueryList(ZId),
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
});
export type TEventRequestSearchQuery = z.input<typeof ZEventRequestSearchQuery>;

/**
 * POST /event-requests/{id}/accept: the event it becomes may be adjusted on the
 * way. A report without a location needs one drawn here (MISSING_GEOMETRY).
 */
export const ZEventRequestAccept = z.object({
  priority: z.enum(EVENT_PRIORITIES, { error: 'INVALID_PRIORITY' }).default('NORMAL'),
  isPublic: z.boolean({ error: 'INVALID_VALUE' }).default(true),
  geojson: ZEventGeoJson.nullish().transform((value) => value ?? null),
});
export type TEventRequestAccept = z.input<typeof ZEventRequestAccept>;

/** POST /event-requests/{id}/reject: the reason is mandatory and goes to the reporter. */
export const ZEventRequestReject = z.object({
  reason: z
    .string({ error: 'MISSING_REASON' })
    .trim()
    .min(1, { error: 'MISSING_REASON' })
    .max(5000, { error: 'INVALID_REASON' }),
});
export type TEventRequestReject = z.input<typeof ZEventRequestReject>;
