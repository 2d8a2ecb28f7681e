import { z } from 'zod';
import { missingOr, nullableId, ZId, ZPageQuery, ZQueryList, ZSearchText } from './common.ts';
import { isValidColour } from './configuration.ts';
import { ZColour } from './mobility.ts';
import { type TParameterValues, ZParameterValues, ZQueryParameter, ZQueryResult } from './queries.ts';

/**
 * Dashboards and their widgets (spec 001 §2 "Dashboard view", §3 Dashboard and
 * Widget, §5 "Widget validity", §9 widget constants).
 */

export const DASHBOARD_STATUSES = ['ACTIVE', 'INACTIVE', 'REVISION'] as const;
export type TDashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export const WIDGET_TYPES = [
  'PieChart',
  'SimpleBarChart',
  'MultiSeriesBarChart',
  'TableWidget',
  'Title',
  'HTML',
] as const;
export type TWidgetType = (typeof WIDGET_TYPES)[number];
/** The widgets that draw a chart from a source. */
export const CHART_WIDGET_TYPES = ['PieChart', 'SimpleBarChart', 'MultiSeriesBarChart'] as const;
/** The widgets whose data comes from a data source. */
export const SOURCED_WIDGET_TYPES = [...CHART_WIDGET_TYPES, 'TableWidget'] as const;
export function isSourcedWidget(type: TWidgetType): boolean {
  return (SOURCED_WIDGET_TYPES as readonly string[]).includes(type);
}

/** Columns out of 12 a widget spans at each breakpoint. */
export const WIDGET_SIZES = [3, 6, 9, 12] as const;
export const DEFAULT_WIDGET_SIZE = 12;
export const CHART_TABLE_PAGE_SIZE = 7;
export const TABLE_WIDGET_DEFAULT_PAGE_SIZE = 10;
export const PIE_DEFAULT_INNER_RADIUS = 10;
export const PIE_DEFAULT_OUTER_RADIUS = 90;
export const BAR_DEFAULT_SIZE = 90;
export const CHART_DEFAULT_HEIGHT = 300;
/** A vertical bar chart (bars along the vertical axis) grows with its rows. */
export const CHART_HEIGHT_PER_ROW = 24;
export const CHART_HEIGHT_BASE = 100;
/** The 11 preset colours charts cycle through. */
export const PRESET_CHART_COLOURS = [
  '#0b6bcb',
  '#eb6609',
  '#2f9e44',
  '#c91010',
  '#7048e8',
  '#0c8599',
  '#e8590c',
  '#5c940d',
  '#c2255c',
  '#495057',
  '#e67700',
] as const;

export const BAR_DIRECTIONS = ['horizontal', 'vertical'] as const;
export const MULTI_SERIES_TYPES = ['SIMPLE_AGGREGATOR', 'PROPERTY_AGGREGATOR'] as const;
/** How a chart's ticks and labels show a number. */
export const VALUE_FORMATTERS = ['NONE', 'SECONDS_TO_TIME', 'PERCENTAGE', 'THOUSANDS'] as const;
export type TValueFormatter = (typeof VALUE_FORMATTERS)[number];

/** Spec 001 §9: seconds as h:mm:ss (3725 → 1:02:05). */
export function secondsToTime(value: number): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const total = Math.round(Math.abs(value));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${sign}${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Spec 001 §9: 300 px, or 24 per row plus 100 for a vertical bar chart. */
export function chartHeight(
  options: { direction?: (typeof BAR_DIRECTIONS)[number]; height?: number | null },
  rows: number,
) {
  if (options.height) return options.height;
  return options.direction === 'vertical' ? rows * CHART_HEIGHT_PER_ROW + CHART_HEIGHT_BASE : CHART_DEFAULT_HEIGHT;
}

const sizeValue = z
  .number({ error: missingOr('MISSING_SIZE', 'INVALID_SIZE') })
  .refine((value) => (WIDGET_SIZES as readonly number[]).includes(value), { error: 'INVALID_SIZE' });
export const ZWidgetSize = z.object(
  { lg: sizeValue, md: sizeValue, sm: sizeValue },
  { error: missingOr('MISSING_SIZE', 'INVALID_SIZE') },
);
export type TWidgetSize = z.infer<typeof ZWidgetSize>;

const flag = (fallback: boolean) => z.boolean({ error: 'INVALID_VALUE' }).default(fallback);
const columnKey = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .max(63, { error: 'INVALID_COLUMN' })
    .nullish()
    .transform((value) => value || null);
const radius = (missing: string, fallback: number) =>
  z
    .number({ error: missingOr(missing, 'INVALID_RADIUS') })
    .int({ error: 'INVALID_RADIUS' })
    .min(0, { error: 'INVALID_RADIUS' })
    .max(100, { error: 'INVALID_RADIUS' })
    .refine((value) => value % 10 === 0, { error: 'INVALID_RADIUS' })
    .nullable()
    .default(fallback);
const formatter = z.enum(VALUE_FORMATTERS, { error: 'INVALID_VALUE' }).default('NONE');
const colours = z
  .array(z.string({ error: 'INVALID_COLOUR' }).refine(isValidColour, { error: 'INVALID_COLOUR' }), {
    error: 'INVALID_COLOUR',
  })
  .max(50, { error: 'INVALID_COLOUR' })
  .default([]);

/** Spec 001 §3 "sourceConfig.parameters": what a widget fixes of its source. */
export const ZWidgetSourceConfig = z
  .object({ parameters: ZParameterValues }, { error: 'INVALID_VALUE' })
  .default({ parameters: {} });

/**
 * Clients written before the spec's shape sent a widget's fixed values as
 * `sourceParameters`: the same values move to `sourceConfig.parameters` unless
 * that is given too (the spec's shape wins). Anything that is not a widget object
 * passes untouched, for the schema to refuse.
 */
export function liftLegacySourceParameters(widget: unknown): unknown {
  if (!widget || typeof widget !== 'object' || !('sourceParameters' in widget)) return widget;
  const { sourceParameters, ...rest } = widget as Record<string, unknown>;
  return 'sourceConfig' in rest ? rest : { ...rest, sourceConfig: { parameters: sourceParameters } };
}

/** What every widget carries. */
const widgetBase = {
  /** Present when the widget already exists: it keeps its id (and any link to it). */
  id: ZId.optional(),
  title: z
    .string({ error: 'INVALID_TITLE' })
    .trim()
    .max(300, { error: 'INVALID_TITLE' })
    .nullish()
    .transform((value) => value ?? ''),
  size: ZWidgetSize,
  sourceId: nullableId('INVALID_SOURCE'),
  /** Values fixed by the widget for some of its source's parameters; the viewer fills in the rest (spec 001 §3). */
  sourceConfig: ZWidgetSourceConfig,
  allowTable: flag(false),
  allowExportChart: flag(false),
  allowExportTable: flag(false),
};

export const ZPieChartSettings = z.object({
  nameKey: columnKey('MISSING_NAME_KEY'),
  dataKey: columnKey('MISSING_DATA_KEY'),
  calcPercentage: flag(false),
  innerRadius: radius('MISSING_INNER_RADIUS', PIE_DEFAULT_INNER_RADIUS),
  outerRadius: radius('MISSING_OUTER_RADIUS', PIE_DEFAULT_OUTER_RADIUS),
  showTooltip: flag(true),
  showLegend: flag(true),
  useCustomizedColors: flag(false),
  customizedColors: colours,
});

export const ZSimpleBarChartSettings = z.object({
  nameKey: columnKey('MISSING_NAME_KEY'),
  dataKey: columnKey('MISSING_DATA_KEY'),
  direction: z.enum(BAR_DIRECTIONS, { error: 'INVALID_DIRECTION' }).default('horizontal'),
  barSize: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(500, { error: 'INVALID_VALUE' })
    .default(BAR_DEFAULT_SIZE),
  showAxis: flag(true),
  showVerticalAxis: flag(true),
  showLegend: flag(false),
  showTooltip: flag(true),
  /** Pixels; null for the spec's default (300, or by rows when vertical). */
  height: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(100, { error: 'INVALID_VALUE' })
    .max(3000, { error: 'INVALID_VALUE' })
    .nullish()
    .transform((value) => value ?? null),
  xTickFormatter: formatter,
  yTickFormatter: formatter,
  labelFormatter: formatter,
  useCustomizedColors: flag(false),
  customizedColors: colours,
});

export const ZMultiSeriesEntry = z.object({
  type: z.enum(MULTI_SERIES_TYPES, { error: missingOr('MISSING_TYPE', 'INVALID_TYPE') }),
  /** PROPERTY_AGGREGATOR: the column whose distinct values become the series. */
  property: columnKey('MISSING_PROPERTY'),
  dataKey: columnKey('MISSING_DATA_KEY'),
  /** Series with the same stack id are drawn stacked. */
  stackId: z
    .string({ error: 'INVALID_VALUE' })
    .trim()
    .max(63, { error: 'INVALID_VALUE' })
    .nullish()
    .transform((value) => value || null),
  color: ZColour,
  useCustomizedColors: flag(false),
  customizedColors: colours,
});
export type TMultiSeriesEntry = z.infer<typeof ZMultiSeriesEntry>;

export const ZMultiSeriesBarChartSettings = z.object({
  nameKey: columnKey('MISSING_NAME_KEY'),
  series: z.array(ZMultiSeriesEntry, { error: 'MISSING_SERIES' }).max(20, { error: 'INVALID_VALUE' }).default([]),
  direction: z.enum(BAR_DIRECTIONS, { error: 'INVALID_DIRECTION' }).default('horizontal'),
  showLegend: flag(true),
  showTooltip: flag(true),
  height: ZSimpleBarChartSettings.shape.height,
});

export const ZTableWidgetSettings = z.object({
  itemsPerPage: z
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(100, { error: 'INVALID_VALUE' })
    .default(TABLE_WIDGET_DEFAULT_PAGE_SIZE),
  allowExport: flag(true),
});

export const ZHtmlWidgetSettings = z.object({
  /** Sanitised on the server before it is stored. */
  html: z
    .string({ error: 'INVALID_VALUE' })
    .max(100_000, { error: 'INVALID_VALUE' })
    .nullish()
    .transform((value) => value ?? ''),
  showBox: flag(true),
});

/** Adds the spec's validity rules that span fields (spec 001 §5 "Widget validity"). */
function requireFields(
  widget: Record<string, unknown>,
  context: z.RefinementCtx,
  fields: readonly (readonly [field: string, code: string])[],
) {
  for (const [field, code] of fields) {
    const value = widget[field];
    if (value === null || value === undefined || value === '') {
      context.addIssue({ code: 'custom', path: [field], message: code });
    }
  }
}

function requireColours(
  widget: { useCustomizedColors: boolean; customizedColors: string[] },
  context: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (widget.useCustomizedColors && widget.customizedColors.length === 0) {
    context.addIssue({ code: 'custom', path: [...path, 'customizedColors'], message: 'MISSING_COLORS' });
  }
}

const CHART_REQUIREMENTS = [
  ['sourceId', 'MISSING_SOURCE'],
  ['title', 'MISSING_TITLE'],
] as const;

export const ZWidgetInput = z
  .discriminatedUnion(
    'name',
    [
      z.object({ name: z.literal('PieChart'), ...widgetBase, ...ZPieChartSettings.shape }),
      z.object({ name: z.literal('SimpleBarChart'), ...widgetBase, ...ZSimpleBarChartSettings.shape }),
      z.object({ name: z.literal('MultiSeriesBarChart'), ...widgetBase, ...ZMultiSeriesBarChartSettings.shape }),
      z.object({ name: z.literal('TableWidget'), ...widgetBase, ...ZTableWidgetSettings.shape }),
      z.object({ name: z.literal('Title'), ...widgetBase }),
      z.object({ name: z.literal('HTML'), ...widgetBase, ...ZHtmlWidgetSettings.shape }),
    ],
    { error: missingOr('MISSING_TYPE', 'INVALID_WIDGET_TYPE') },
  )
  .superRefine((widget, context) => {
    switch (widget.name) {
      case 'PieChart':
        requireFields(widget, context, [
          ...CHART_REQUIREMENTS,
          ['innerRadius', 'MISSING_INNER_RADIUS'],
          ['outerRadius', 'MISSING_OUTER_RADIUS'],
          ['nameKey', 'MISSING_NAME_KEY'],
          ['dataKey', 'MISSING_DATA_KEY'],
        ]);
        if (widget.innerRadius !== null && widget.outerRadius !== null && widget.innerRadius >= widget.outerRadius) {
          context.addIssue({ code: 'custom', path: ['innerRadius'], message: 'INVALID_RADIUS' });
        }
        requireColours(widget, context);
        break;
      case 'SimpleBarChart':
        requireFields(widget, context, [
          ...CHART_REQUIREMENTS,
          ['nameKey', 'MISSING_NAME_KEY'],
          ['dataKey', 'MISSING_DATA_KEY'],
        ]);
        requireColours(widget, context);
        break;
      case 'MultiSeriesBarChart':
        requireFields(widget, context, [...CHART_REQUIREMENTS, ['nameKey', 'MISSING_NAME_KEY']]);
        if (widget.series.length === 0)
          context.addIssue({ code: 'custom', path: ['series'], message: 'MISSING_SERIES' });
        widget.series.forEach((entry, index) => {
          if (!entry.dataKey)
            context.addIssue({ code: 'custom', path: ['series', index, 'dataKey'], message: 'MISSING_DATA_KEY' });
          if (entry.type === 'PROPERTY_AGGREGATOR' && !entry.property) {
            context.addIssue({ code: 'custom', path: ['series', index, 'property'], message: 'MISSING_PROPERTY' });
          }
          requireColours(entry, context, ['series', index]);
        });
        break;
      case 'TableWidget':
        requireFields(widget, context, CHART_REQUIREMENTS);
        break;
      case 'Title':
        requireFields(widget, context, [['title', 'MISSING_TITLE']]);
        break;
      case 'HTML':
        break;
    }
  });
export type TWidgetInput = z.input<typeof ZWidgetInput>;
export type TWidgetConfig = z.output<typeof ZWidgetInput>;

/** Who may see a dashboard besides its managers: empty lists mean "no limit" on that axis. */
export const ZDashboardRestrictions = z.object({
  profileIds: z.array(ZId, { error: 'INVALID_PROFILE' }).max(200).default([]),
  roleIds: z.array(ZId, { error: 'INVALID_ROLE' }).max(200).default([]),
  entityIds: z.array(ZId, { error: 'INVALID_ENTITY' }).max(500).default([]),
});
export type TDashboardRestrictions = z.infer<typeof ZDashboardRestrictions>;

export const ZDashboardInput = z.object({
  name: z
    .string({ error: 'MISSING_NAME' })
    .trim()
    .min(1, { error: 'MISSING_NAME' })
    .max(200, { error: 'INVALID_NAME' }),
  description: z
    .string({ error: 'INVALID_DESCRIPTION' })
    .trim()
    .max(2000, { error: 'INVALID_DESCRIPTION' })
    .nullish()
    .transform((value) => value ?? ''),
  isPublic: z.boolean({ error: 'INVALID_VALUE' }).default(false),
  status: z.enum(DASHBOARD_STATUSES, { error: missingOr('MISSING_STATUS', 'INVALID_STATUS') }).default('REVISION'),
  restrictions: ZDashboardRestrictions.default({ profileIds: [], roleIds: [], entityIds: [] }),
  /** In display order; saved whole: widgets left out are removed. */
  widgets: z.array(ZWidgetInput, { error: 'INVALID_VALUE' }).max(60, { error: 'INVALID_VALUE' }).default([]),
});
export type TDashboardInput = z.input<typeof ZDashboardInput>;

/** What a widget's viewer needs of its source: its columns and the parameters it may ask for. */
export const ZWidgetSource = z.object({
  id: z.number().int(),
  name: z.string(),
  queryColumns: z.array(z.string()),
  parameters: z.array(ZQueryParameter),
});
export type TWidgetSource = z.infer<typeof ZWidgetSource>;

/**
 * A stored widget as GET /dashboards/{id} sends it: its config plus its source's columns and parameters.
 * `sourceParameters` repeats `sourceConfig.parameters` for clients written before the spec's shape.
 */
export type TWidget = TWidgetConfig & {
  id: number;
  source: TWidgetSource | null;
  /** @deprecated read `sourceConfig.parameters` */
  sourceParameters: TParameterValues;
};

export const ZDashboardSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  status: z.enum(DASHBOARD_STATUSES),
  widgetCount: z.number().int(),
  updatedAt: z.string(),
  /** The caller may edit and delete it (MANAGE_DASHBOARDS, and its restricted entities in their scope). */
  editable: z.boolean(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

export interface TDashboard extends TDashboardSummary {
  restrictions: TDashboardRestrictions;
  widgets: TWidget[];
}

/** A widget as GET /dashboards/{id} sends it: its stored settings pass through as they are. */
export const ZWidgetResponse = z.looseObject({
  id: z.number().int(),
  name: z.enum(WIDGET_TYPES),
  title: z.string(),
  size: z.object({ lg: z.number().int(), md: z.number().int(), sm: z.number().int() }),
  sourceId: z.number().int().nullable(),
  sourceConfig: z.object({ parameters: z.record(z.string(), z.unknown()) }),
  sourceParameters: z
    .record(z.string(), z.unknown())
    .meta({ deprecated: true, description: 'The same values as sourceConfig.parameters, for older clients.' }),
  allowTable: z.boolean(),
  allowExportChart: z.boolean(),
  allowExportTable: z.boolean(),
  source: ZWidgetSource.nullable(),
});

export const ZDashboardResponse = ZDashboardSummary.extend({
  restrictions: z.object({
    profileIds: z.array(z.number().int()),
    roleIds: z.array(z.number().int()),
    entityIds: z.array(z.number().int()),
  }),
  widgets: z.array(ZWidgetResponse),
});

export const ZDashboardSearchQuery = ZPageQuery.extend({
  sortProperty: z.enum(['name', 'status', 'updatedAt']).optional(),
  universalSearch: ZSearchText,
  status: ZQueryList(z.enum(DASHBOARD_STATUSES)),
  isPublic: z.enum(['true', 'false']).optional(),
  /** Only these (a dropdown naming the one already chosen). */
  ids: ZQueryList(ZId),
});
export type TDashboardSearchQuery = z.infer<typeof ZDashboardSearchQuery>;

/** POST /dashboards/{dashboardId}/widget/{widgetId}: the viewer's values for the parameters the widget leaves open. */
export const ZWidgetDataRequest = z.object({ parameters: ZParameterValues });
export type TWidgetDataRequest = z.input<typeof ZWidgetDataRequest>;

/**
 * POST /dashboards/widgets/preview: a widget as the editor's form has it, saved or not, with the
 * viewer's values for the parameters it leaves open. `dashboardId` names the dashboard being edited,
 * when it exists: it must be one the caller may edit.
 */
export const ZWidgetPreviewRequest = ZWidgetDataRequest.extend({
  dashboardId: ZId.nullish().transform((value) => value ?? null),
  widget: ZWidgetInput,
});
export type TWidgetPreviewRequest = z.input<typeof ZWidgetPreviewRequest>;

/** The widget as a dashboard would receive it once saved (HTML cleaned), and its rows when it draws data. */
export const ZWidgetPreviewResponse = z.object({ widget: ZWidgetResponse, result: ZQueryResult.nullable() });
export type TWidgetPreviewResponse = { widget: TWidget; result: z.infer<typeof ZQueryResult> | null };

export const TABLE_EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type TTableExportFormat = (typeof TABLE_EXPORT_FORMATS)[number];
/** POST /dashboards/{dashboardId}/widget/{widgetId}/export: the same rows as a file. */
export const ZWidgetExportRequest = ZWidgetDataRequest.extend({
  format: z.enum(TABLE_EXPORT_FORMATS, { error: missingOr('MISSING_FORMAT', 'INVALID_FORMAT') }),
});

/**
 * A multi-series chart's rows (spec 001 §3 "Multi-series"): one entry per
 * nameKey value, with one key per series. A SIMPLE_AGGREGATOR series sums its
 * dataKey column under the column's own name; a PROPERTY_AGGREGATOR series
 * splits dataKey by the values of its property column, one series per value.
 */
export function multiSeriesData(
  rows: Record<string, unknown>[],
  nameKey: string,
  series: readonly Pick<TMultiSeriesEntry, 'type' | 'property' | 'dataKey' | 'stackId'>[],
): { data: Record<string, string | number>[]; keys: { key: string; stackId: string | null; seriesIndex: number }[] } {
  const byName = new Map<string, Record<string, string | number>>();
  const keys: { key: string; stackId: string | null; seriesIndex: number }[] = [];
  const seen = new Set<string>();
  const addKey = (key: string, stackId: string | null, seriesIndex: number) => {
    if (seen.has(key)) return;
    seen.add(key);
    keys.push({ key, stackId, seriesIndex });
  };
  for (const row of rows) {
    const name = String(row[nameKey] ?? '');
    let entry = byName.get(name);
    if (!entry) {
      entry = { [nameKey]: name };
      byName.set(name, entry);
    }
    series.forEach((serie, seriesIndex) => {
      if (!serie.dataKey) return;
      const value = Number(row[serie.dataKey]);
      if (!Number.isFinite(value)) return;
      const key =
        serie.type === 'PROPERTY_AGGREGATOR' && serie.property ? String(row[serie.property] ?? '') : serie.dataKey;
      addKey(key, serie.stackId, seriesIndex);
      entry[key] = (typeof entry[key] === 'number' ? (entry[key] as number) : 0) + value;
    });
  }
  return { data: [...byName.values()], keys };
}
