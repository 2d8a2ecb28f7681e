import { z } from 'zod';
import { SERVICE_DAYS, type TServiceDay } from '../service-days.ts';
import { missingOr, nullableId, requiredId, ZFlexBoolean, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { isValidColour } from './configuration.ts';
import { ZDocumentSummary } from './documents.ts';

export const MOBILITY_GROUP_TYPES = ['STATIC', 'DYNAMIC', 'VIRTUAL'] as const;
export type TMobilityGroupType = (typeof MOBILITY_GROUP_TYPES)[number];
export const MOBILITY_LAYER_TYPES = ['DEFAULT_LAYERS', 'CUSTOM_LAYERS', 'NO_LAYERS'] as const;
export type TMobilityLayerType = (typeof MOBILITY_LAYER_TYPES)[number];
export const MOBILITY_SYSTEM_TYPES = ['STOP', 'ROUTE', 'OTHER'] as const;
export type TMobilitySystemType = (typeof MOBILITY_SYSTEM_TYPES)[number];
// In a module without zod, for the GTFS worker thread (see gtfs-issue-codes.ts).
export * from '../service-days.ts';

/** Spec 001 §9: service days shown as groups — the five weekdays, the weekend, all seven. */
export const SERVICE_DAY_GROUPS = [
  { id: 'ALL_WEEK_DAYS', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
  { id: 'WEEKEND', days: ['SAT', 'SUN'] },
  { id: 'ALL_DAYS', days: SERVICE_DAYS },
] as const satisfies readonly { id: string; days: readonly TServiceDay[] }[];
export const PARAMETER_TYPES = ['TEXT', 'BOOLEAN', 'LIST', 'CUSTOM', 'IOT', 'FEATURE_PROP'] as const;
export type TParameterType = (typeof PARAMETER_TYPES)[number];
export const ROUTE_DIRECTIONS = ['MAIN', 'OPPOSITE'] as const;
export type TRouteDirection = (typeof ROUTE_DIRECTIONS)[number];

/** MapLibre's zoom range. */
export const MIN_MAP_ZOOM = 0;
export const MAX_MAP_ZOOM = 24;
/** Sanitised SVG markup is kept in the row and sent with every group: icons are small. */
export const GROUP_ICON_MAX_CHARS = 64 * 1024;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

const ZName = z
  .string({ error: 'MISSING_NAME' })
  .trim()
  .min(1, { error: 'MISSING_NAME' })
  .max(200, { error: 'INVALID_NAME' });

/** Empty text means "none": forms send '' for a cleared input. */
const nullableText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .nullish()
    .transform((value) => (value ? value : null));

export const ZColour = nullableText(64, 'INVALID_COLOUR').refine((value) => value === null || isValidColour(value), {
  error: 'INVALID_COLOUR',
});

const ZZoom = z
  .number({ error: 'INVALID_ZOOM' })
  .min(MIN_MAP_ZOOM, { error: 'INVALID_ZOOM' })
  .max(MAX_MAP_ZOOM, { error: 'INVALID_ZOOM' })
  .nullish()
  .transform((value) => value ?? null);

const ZHttpUrl = nullableText(2000, 'INVALID_URL').refine(
  (value) => value === null || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
  { error: 'INVALID_URL' },
);

/** JSON a map style can hold (MapLibre layer definitions), bounded so it cannot swamp the map answer. */
const ZStyles = z
  .union([z.array(z.record(z.string(), z.unknown())), z.record(z.string(), z.unknown())], { error: 'INVALID_STYLES' })
  .nullish()
  .transform((value) => value ?? null)
  .refine((value) => value === null || JSON.stringify(value).length <= 100_000, { error: 'INVALID_STYLES' });

// ---------------------------------------------------------------- groups

const GROUP_ZOOM_PAIRS = [
  ['minZoomFiltered', 'maxZoomFiltered'],
  ['minZoomNotFiltered', 'maxZoomNotFiltered'],
] as const;

export const ZMobilityGroupInput = z
  .object({
    name: ZName,
    /** SVG markup; the server sanitises it and refuses what is not an SVG image. */
    icon: nullableText(GROUP_ICON_MAX_CHARS, 'INVALID_ICON'),
    color: ZColour,
    type: z.enum(MOBILITY_GROUP_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
    layerType: z.enum(MOBILITY_LAYER_TYPES, { error: missingOr('MISSING_LAYER_TYPE', 'INVALID_LAYER_TYPE') }),
    styles: ZStyles,
    tileMetadataUrl: ZHttpUrl,
    allowOverlap: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    allowClustering: z.boolean({ error: 'INVALID_VALUE' }).default(false),
    minZoomFiltered: ZZoom,
    maxZoomFiltered: ZZoom,
    minZoomNotFiltered: ZZoom,
    maxZoomNotFiltered: ZZoom,
    parentId: nullableId('INVALID_PARENT'),
    /**
     * The owning entity, one in the caller's scope. Left out: a new group takes its parent's
     * entity (a root group the caller's own); a changed one keeps its entity.
     */
    entityId: nullableId('INVALID_ENTITY'),
  })
  .superRefine((group, context) => {
    for (const [min, max] of GROUP_ZOOM_PAIRS) {
      const [low, high] = [group[min], group[max]];
      if (low !== null && high !== null && low > high) {
        context.addIssue({ code: 'custom', path: [max], message: 'INVALID_ZOOM_RANGE' });
      }
    }
    if (group.layerType === 'CUSTOM_LAYERS' && group.styles === null && group.tileMetadataUrl === null) {
      context.addIssue({ code: 'custom', path: ['styles'], message: 'MISSING_STYLES' });
    }
  });
export type TMobilityGroupInput = z.input<typeof ZMobilityGroupInput>;

const GROUP_FIELDS = {
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  type: z.enum(MOBILITY_GROUP_TYPES),
  layerType: z.enum(MOBILITY_LAYER_TYPES),
  styles: z.unknown().nullable(),
  tileMetadataUrl: z.string().nullable(),
  allowOverlap: z.boolean(),
  allowClustering: z.boolean(),
  minZoomFiltered: z.number().nullable(),
  maxZoomFiltered: z.number().nullable(),
  minZoomNotFiltered: z.number().nullable(),
  maxZoomNotFiltered: z.number().nullable(),
  systemsCount: z.number().int(),
};

export const ZMobilityGroup = z.object({
  ...GROUP_FIELDS,
  parentId: z.number().int().nullable(),
  parent: ZRef.nullable(),
  subgroups: z.array(ZRef),
  entityId: z.number().int(),
  entity: ZRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMobilityGroup = z.infer<typeof ZMobilityGroup>;

/** One group of the map filter, with its sub-groups nested (spec 001 §2 filter panel). */
export interface TMobilityGroupNode extends z.infer<z.ZodObject<typeof GROUP_FIELDS>> {
  subgroups: TMobilityGroupNode[];
}
export const ZMobilityGroupNode: z.ZodType<TMobilityGroupNode> = z.object({
  ...GROUP_FIELDS,
  get subgroups() {
    return z.array(ZMobilityGroupNode);
  },
});

/**
 * A console search's `allEntities`: every entity's records, for pickers that only refer to
 * one (an incident's systems, a rule's group). Without it the search answers what the caller
 * may edit: groups, and systems of groups, whose entity lies in their scope.
 */
const ZAllEntities = ZFlexBoolean.optional();

export const MOBILITY_GROUP_SORT_PROPERTIES = ['name', 'type', 'layerType', 'systemsCount', 'createdAt'] as const;

export const ZMobilityGroupSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(MOBILITY_GROUP_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  type: z.enum(MOBILITY_GROUP_TYPES).optional(),
  layerType: z.enum(MOBILITY_LAYER_TYPES).optional(),
  parentId: ZId.optional(),
  onlyRootGroups: ZFlexBoolean.optional(),
  ids: ZQueryList(ZId),
  allEntities: ZAllEntities,
});
export type TMobilityGroupSearchQuery = z.input<typeof ZMobilityGroupSearchQuery>;

// ---------------------------------------------------------------- geometry

const ZLongitude = z.number({ error: 'INVALID_GEOMETRY' }).min(-180).max(180);
const ZLatitude = z.number({ error: 'INVALID_GEOMETRY' }).min(-90).max(90);
const ZPosition = z.tuple([ZLongitude, ZLatitude], { error: 'INVALID_GEOMETRY' }).rest(z.number());
const ZLine = z.array(ZPosition, { error: 'INVALID_GEOMETRY' }).min(2, { error: 'INVALID_GEOMETRY' });
const ZRing = z.array(ZPosition, { error: 'INVALID_GEOMETRY' }).min(4, { error: 'INVALID_GEOMETRY' });
/** Positions one geometry may hold: a long route shape has a few thousand. */
export const MAX_GEOMETRY_POSITIONS = 100_000;

const ZGeometryShape = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Point'), coordinates: ZPosition }),
    z.object({ type: z.literal('MultiPoint'), coordinates: z.array(ZPosition).min(1) }),
    z.object({ type: z.literal('LineString'), coordinates: ZLine }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(ZLine).min(1) }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ZRing).min(1) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ZRing).min(1)).min(1) }),
  ],
  { error: 'INVALID_GEOMETRY' },
);
export type TGeometry = z.infer<typeof ZGeometryShape>;
export const ZGeometry = ZGeometryShape.refine((geometry) => positionsOf(geometry).length <= MAX_GEOMETRY_POSITIONS, {
  error: 'INVALID_GEOMETRY',
});

/**
 * A drawn shape in a form, with one error code for the whole value: MISSING_GEOMETRY when there is
 * none (or nothing that places it, by `hasPlace`), INVALID_GEOMETRY when it is malformed.
 */
export function requiredShapeInput<T>(schema: z.ZodType<T>, hasPlace: (shape: T) => boolean = () => true) {
  return z
    .unknown()
    .optional()
    .transform((value, context): T => {
      if (value === null || value === undefined) {
        context.addIssue({ code: 'custom', message: 'MISSING_GEOMETRY' });
        return z.NEVER;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success || !hasPlace(parsed.data)) {
        context.addIssue({ code: 'custom', message: parsed.success ? 'MISSING_GEOMETRY' : 'INVALID_GEOMETRY' });
        return z.NEVER;
      }
      return parsed.data;
    });
}

export const ZGeometryInput = requiredShapeInput(ZGeometry);
export type TPosition = [number, number, ...number[]];

/** Every position of a geometry, flattened. */
export function positionsOf(geometry: TGeometry): TPosition[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

export const ZBoundingBox = z.object({
  minLatitude: z.number(),
  maxLatitude: z.number(),
  minLongitude: z.number(),
  maxLongitude: z.number(),
});
export type TBoundingBox = z.infer<typeof ZBoundingBox>;

export function boundingBoxOf(geometry: TGeometry): TBoundingBox {
  const positions = positionsOf(geometry);
  const longitudes = positions.map((position) => position[0]);
  const latitudes = positions.map((position) => position[1]);
  return {
    minLatitude: Math.min(...latitudes),
    maxLatitude: Math.max(...latitudes),
    minLongitude: Math.min(...longitudes),
    maxLongitude: Math.max(...longitudes),
  };
}

/** Where a system's marker or card points: the point itself, or the middle position of a line or area. */
export function anchorOf(geometry: TGeometry): { latitude: number; longitude: number } {
  const positions = positionsOf(geometry);
  const [longitude, latitude] = positions[Math.floor(positions.length / 2)];
  return { latitude, longitude };
}

/** The geometries each system type may have: a stop is a point, a route a line. */
export const GEOMETRY_TYPES_BY_SYSTEM_TYPE: Record<TMobilitySystemType, readonly TGeometry['type'][]> = {
  STOP: ['Point'],
  ROUTE: ['LineString', 'MultiLineString'],
  OTHER: ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'],
};

// ---------------------------------------------------------------- systems

/** Spec 001 §3: relatedInfo{showSchedules, routes, route{id, stops{MAIN, OPPOSITE}}} — ids of systems. */
export const ZRelatedInfo = z.object({
  showSchedules: z.boolean().optional(),
  routes: z.array(z.number().int()).max(1000).optional(),
  route: z
    .object({
      id: z.number().int(),
      stops: z.object({
        MAIN: z.array(z.number().int()).max(5000),
        OPPOSITE: z.array(z.number().int()).max(5000),
      }),
    })
    .optional(),
});
export type TRelatedInfo = z.infer<typeof ZRelatedInfo>;

export const PARAMETER_VALUE_MAX = 10_000;

export const ZParameterInput = z
  .object({
    templateId: nullableId('INVALID_TEMPLATE_ID'),
    name: ZName,
    type: z.enum(PARAMETER_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
    value: nullableText(PARAMETER_VALUE_MAX, 'INVALID_PARAMETER'),
    options: z
      .array(z.string({ error: 'INVALID_OPTIONS' }).trim().min(1, { error: 'INVALID_OPTIONS' }).max(200), {
        error: 'INVALID_OPTIONS',
      })
      .max(200, { error: 'INVALID_OPTIONS' })
      .nullish()
      .transform((value) => value ?? []),
    readerId: nullableText(200, 'INVALID_READER_ID'),
  })
  .superRefine((parameter, context) => {
    const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (parameter.type === 'LIST') {
      if (parameter.options.length === 0) fail('options', 'INVALID_OPTIONS');
      else if (parameter.value !== null && !parameter.options.includes(parameter.value))
        fail('value', 'INVALID_PARAMETER');
    }
    if (parameter.type === 'BOOLEAN' && parameter.value !== null && !['true', 'false'].includes(parameter.value))
      fail('value', 'INVALID_PARAMETER');
    if (parameter.type === 'IOT' && parameter.readerId === null) fail('readerId', 'MISSING_READER_ID');
  });
export type TParameterInput = z.input<typeof ZParameterInput>;

export const ZParameter = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(PARAMETER_TYPES),
  value: z.string().nullable(),
  options: z.array(z.string()),
  readerId: z.string().nullable(),
});
export type TParameter = z.infer<typeof ZParameter>;

const ZPropertyValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const ZMobilitySystemInput = z
  .object({
    name: ZName,
    description: nullableText(5000, 'INVALID_DESCRIPTION').transform((value) => value ?? ''),
    systemType: z.enum(MOBILITY_SYSTEM_TYPES, { error: missingOr('MISSING_SYSTEM_TYPE', 'INVALID_SYSTEM_TYPE') }),
    /** The system's group (spec 001: a system's parent is its group; the map searches by parentId[]). */
    parentId: requiredId('MISSING_PARENT_ID', 'INVALID_PARENT_ID'),
    /** A system this one belongs to (a platform's station, a route's variant). */
    parentSystemId: nullableId('INVALID_PARENT_SYSTEM'),
    color: ZColour,
    geometry: ZGeometryInput,
    serviceDays: z
      .array(z.enum(SERVICE_DAYS, { error: 'INVALID_SERVICE_DAYS' }), { error: 'INVALID_SERVICE_DAYS' })
      .max(7, { error: 'INVALID_SERVICE_DAYS' })
      .default([])
      .transform((days) => SERVICE_DAYS.filter((day) => days.includes(day))),
    properties: z
      .record(z.string().max(100), ZPropertyValue, { error: 'INVALID_PROPERTIES' })
      .refine((value) => Object.keys(value).length <= 100, { error: 'INVALID_PROPERTIES' })
      .default({}),
    relatedInfo: z
      .unknown()
      .optional()
      .transform((value, context) => {
        if (value === null || value === undefined) return null;
        const parsed = ZRelatedInfo.safeParse(value);
        if (!parsed.success) context.addIssue({ code: 'custom', message: 'INVALID_RELATED_INFO' });
        return parsed.data ?? null;
      }),
    relatedSystemIds: z
      .array(z.number({ error: 'INVALID_RELATED_SYSTEM' }).int().positive().max(2_147_483_647), {
        error: 'INVALID_RELATED_SYSTEM',
      })
      .max(500, { error: 'INVALID_RELATED_SYSTEM' })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    parameters: z.array(ZParameterInput, { error: 'INVALID_PARAMETER' }).max(200).default([]),
    active: z.boolean({ error: 'INVALID_STATUS' }).default(true),
    /** The dashboard the map card opens in a modal. */
    dashboardId: nullableId('INVALID_DASHBOARD'),
  })
  .superRefine((system, context) => {
    if (!GEOMETRY_TYPES_BY_SYSTEM_TYPE[system.systemType].includes(system.geometry.type)) {
      context.addIssue({ code: 'custom', path: ['geometry'], message: 'INVALID_GEOMETRY' });
    }
  });
export type TMobilitySystemInput = z.input<typeof ZMobilitySystemInput>;

const ZGroupRef = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  type: z.enum(MOBILITY_GROUP_TYPES),
});

export const ZRelatedSystem = z.object({
  id: z.number().int(),
  name: z.string(),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES),
});

/** Incidents on a system; filled once events exist. */
export const ZActiveEvent = z.object({ id: z.number().int(), title: z.string() });

/**
 * Spec 001 §3 Mobility system. `documents` are its photos (the Images section:
 * they carry props.is360) and `files` its PDFs (the Files section); neither
 * carries the bytes, which GET /documents/{id} answers.
 */
export const ZMobilitySystem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES),
  parentId: z.number().int(),
  parent: ZGroupRef,
  parentSystem: ZRef.nullable(),
  relatedSystems: z.array(ZRelatedSystem),
  relatedInfo: ZRelatedInfo.nullable(),
  serviceDays: z.array(z.enum(SERVICE_DAYS)),
  boundingBox: ZBoundingBox.nullable(),
  geometry: ZGeometry.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  color: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  parameters: z.array(ZParameter),
  activeEvents: z.array(ZActiveEvent),
  documents: z.array(ZDocumentSummary),
  files: z.array(ZDocumentSummary),
  active: z.boolean(),
  externalRef: z.string().nullable(),
  /** The dashboard its card opens; on the map, only when the viewer may see it. */
  dashboardId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMobilitySystem = z.infer<typeof ZMobilitySystem>;

export const ZMobilitySystemListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES),
  parentId: z.number().int(),
  parent: ZRef,
  parentSystem: ZRef.nullable(),
  color: z.string().nullable(),
  active: z.boolean(),
  externalRef: z.string().nullable(),
  updatedAt: z.string(),
});
export type TMobilitySystemListItem = z.infer<typeof ZMobilitySystemListItem>;

export const MOBILITY_SYSTEM_SORT_PROPERTIES = ['name', 'systemType', 'parentName', 'updatedAt'] as const;

export const ZMobilitySystemSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(MOBILITY_SYSTEM_SORT_PROPERTIES).optional(),
  universalSearch: ZSearchText,
  /** Groups (with their sub-groups). */
  parentId: ZQueryList(ZId),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES).optional(),
  active: ZFlexBoolean.optional(),
  ids: ZQueryList(ZId),
  /** Leave one system out (the system being edited, in its related-systems picker). */
  excludeId: ZId.optional(),
  allEntities: ZAllEntities,
});
export type TMobilitySystemSearchQuery = z.input<typeof ZMobilitySystemSearchQuery>;

/** POST /mobility-system/public (spec 001 §7). */
export const ZPublicSystemSearch = z.object({
  parentId: z.array(ZId).max(500).default([]),
  universalSearch: ZSearchText,
  /** Only systems drawn on the map (groups whose layerType is not NO_LAYERS). */
  onlyLayerSearch: z.boolean().default(false),
});
export type TPublicSystemSearch = z.input<typeof ZPublicSystemSearch>;
export const PUBLIC_SYSTEM_SEARCH_LIMIT = 50;

export const ZPublicSystemResult = z.object({
  id: z.number().int(),
  name: z.string(),
  systemType: z.enum(MOBILITY_SYSTEM_TYPES),
  parentId: z.number().int(),
  parentName: z.string(),
  color: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  boundingBox: ZBoundingBox.nullable(),
});
export type TPublicSystemResult = z.infer<typeof ZPublicSystemResult>;

// ---------------------------------------------------------------- base map

export const MAP_STYLE_TYPES = ['LIGHT', 'DARK'] as const;
export type TMapStyleType = (typeof MAP_STYLE_TYPES)[number];
export const ZMapStyleQuery = z.object({ type: z.enum(MAP_STYLE_TYPES).default('LIGHT') });
