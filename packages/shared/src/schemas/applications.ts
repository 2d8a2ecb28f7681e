import { z } from 'zod';
import { isHttpUrl, MAX_ID, missingOr, nullableId, ZPageQuery, ZSearchText } from './common.ts';
import { ALLOWED_SYSTEMS, isValidColour } from './configuration.ts';

/**
 * Applications (spec 001 §3 "Application", §2 applications portal; spec 000 §2 /apps, gated by WRITE_ROLE).
 *
 * - VERTICAL_APP_BASED: the public map under /app/{id}/ with a configuration of its own (title, colour,
 *   logo, base map, allowed systems, centre), laid over the platform's.
 * - EXTERNAL_URL_APP and CUSTOM_GENERATED_APP: a site elsewhere, opened in a new tab from the portal.
 */
export const APPLICATION_TYPES = ['VERTICAL_APP_BASED', 'EXTERNAL_URL_APP', 'CUSTOM_GENERATED_APP'] as const;
export type TApplicationType = (typeof APPLICATION_TYPES)[number];

/** Whether a type opens a url of its own rather than the map under /app/{id}/. */
export const opensUrl = (type: TApplicationType) => type !== 'VERTICAL_APP_BASED';

/** A logo as a data URL (PNG, JPEG or SVG): shown on the portal's cards and in a vertical app's menu. */
export const APPLICATION_LOGO_MAX_CHARS = 256 * 1024;
export const APPLICATION_DESCRIPTION_MAX_CHARS = 1000;
export const APPLICATION_URL_MAX_CHARS = 2000;
export const APPLICATION_TITLE_MAX_CHARS = 200;
/** How many groups an application may limit its map to: a region's networks, not a catalogue. */
export const APPLICATION_MAX_GROUPS = 100;

const LOGO_DATA_URL = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Empty text means "none": forms send '' for a cleared input. */
const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((value) => (value ? value : null));

const ZOptionalUrl = optionalText(APPLICATION_URL_MAX_CHARS, 'INVALID_URL').refine(
  (value) => value === null || isHttpUrl(value),
  { error: 'INVALID_URL' },
);

const ZOptionalColour = optionalText(64, 'INVALID_COLOUR').refine((value) => value === null || isValidColour(value), {
  error: 'INVALID_COLOUR',
});

export const ZMapCentre = z.object(
  {
    lat: z.number({ error: 'INVALID_MAP_CENTER' }).min(-90, { error: 'INVALID_MAP_CENTER' }).max(90, {
      error: 'INVALID_MAP_CENTER',
    }),
    lng: z.number({ error: 'INVALID_MAP_CENTER' }).min(-180, { error: 'INVALID_MAP_CENTER' }).max(180, {
      error: 'INVALID_MAP_CENTER',
    }),
  },
  { error: 'INVALID_MAP_CENTER' },
);

/**
 * A vertical app's own configuration. A null leaves the platform's value in force; the map shows the
 * incident kinds in allowedSystems and, when allowedGroups is not empty, only those groups (with their
 * subgroups), both on the server's map calls under /applications/{id}/.
 */
export const ZApplicationSettings = z.object({
  appTitle: optionalText(APPLICATION_TITLE_MAX_CHARS, 'INVALID_TITLE'),
  defaultColor: ZOptionalColour,
  /** The base map: a MapLibre style URL or a raster {z}/{x}/{y} template (as app.baseMapUrl). */
  baseMapUrl: ZOptionalUrl,
  baseMapAttribution: optionalText(1000, 'INVALID_ATTRIBUTION'),
  allowedSystems: z
    .array(z.enum(ALLOWED_SYSTEMS, { error: 'INVALID_ALLOWED_SYSTEMS' }), { error: 'INVALID_ALLOWED_SYSTEMS' })
    .max(ALLOWED_SYSTEMS.length, { error: 'INVALID_ALLOWED_SYSTEMS' })
    .default([...ALLOWED_SYSTEMS])
    .transform((kinds) => [...new Set(kinds)]),
  allowedGroups: z
    .array(
      z
        .number({ error: 'INVALID_GROUP' })
        .int({ error: 'INVALID_GROUP' })
        .positive({ error: 'INVALID_GROUP' })
        .max(MAX_ID, { error: 'INVALID_GROUP' }),
      { error: 'INVALID_GROUP' },
    )
    .max(APPLICATION_MAX_GROUPS, { error: 'INVALID_GROUP' })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  mapCenter: ZMapCentre.nullish().transform((value) => value ?? null),
  mapZoom: z
    .number({ error: 'INVALID_ZOOM' })
    .min(0, { error: 'INVALID_ZOOM' })
    .max(20, { error: 'INVALID_ZOOM' })
    .nullish()
    .transform((value) => value ?? null),
});
export type TApplicationSettingsInput = z.input<typeof ZApplicationSettings>;
export type TApplicationSettingsValues = z.infer<typeof ZApplicationSettings>;

export const ZApplicationInput = z
  .object({
    name: z
      .string({ error: 'MISSING_NAME' })
      .trim()
      .min(1, { error: 'MISSING_NAME' })
      .max(200, { error: 'INVALID_NAME' }),
    description: optionalText(APPLICATION_DESCRIPTION_MAX_CHARS, 'INVALID_DESCRIPTION'),
    type: z.enum(APPLICATION_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
    withAuth: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    logo: optionalText(APPLICATION_LOGO_MAX_CHARS, 'INVALID_LOGO').refine(
      (value) => value === null || LOGO_DATA_URL.test(value),
      { error: 'INVALID_LOGO' },
    ),
    /** Where an external or generated app lives; not used by a vertical app. */
    url: optionalText(APPLICATION_URL_MAX_CHARS, 'INVALID_URL').refine((value) => value === null || isHttpUrl(value), {
      error: 'INVALID_URL',
    }),
    /** The entity type whose users see it in the portal; null for everyone it is open to. */
    profileId: nullableId('INVALID_PROFILE'),
    /** Only read for a vertical app. */
    settings: ZApplicationSettings.nullish().transform((value) => value ?? null),
  })
  .superRefine((input, context) => {
    if (opensUrl(input.type) && input.url === null) {
      context.addIssue({ code: 'custom', path: ['url'], message: 'MISSING_URL' });
    }
  });
export type TApplicationInput = z.input<typeof ZApplicationInput>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** Spec 001 §3: id, name, description, type, withAuth, logo (base64), configs.url, profile. */
export const ZApplicationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(APPLICATION_TYPES),
  withAuth: z.boolean(),
  logo: z.string().nullable(),
  configs: z.object({ url: z.string().nullable() }),
  profile: ZRef.nullable(),
});
export type TApplicationListItem = z.infer<typeof ZApplicationListItem>;

const ZApplicationSettingsRecord = z.object({
  appTitle: z.string().nullable(),
  defaultColor: z.string().nullable(),
  baseMapUrl: z.string().nullable(),
  baseMapAttribution: z.string().nullable(),
  allowedSystems: z.array(z.enum(ALLOWED_SYSTEMS)),
  allowedGroups: z.array(z.number().int()),
  mapCenter: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  mapZoom: z.number().nullable(),
});
export type TApplicationSettings = z.infer<typeof ZApplicationSettingsRecord>;

/** One application as the console edits it: the list item plus a vertical app's settings. */
export const ZApplication = ZApplicationListItem.extend({
  settings: ZApplicationSettingsRecord.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TApplication = z.infer<typeof ZApplication>;

export const APPLICATION_SORT_PROPERTIES = ['name', 'type', 'updatedAt'] as const;

export const ZApplicationSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(APPLICATION_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  type: z.enum(APPLICATION_TYPES).optional(),
});
export type TApplicationSearchQuery = z.input<typeof ZApplicationSearchQuery>;

/** The path a vertical app lives at (spec 001 §2 "/app/{id}/"). */
export const verticalAppPath = (id: number) => `/app/${id}/`;
