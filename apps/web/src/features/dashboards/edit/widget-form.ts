import { randomId } from '@mantine/hooks';
import {
  DEFAULT_WIDGET_SIZE,
  hasParameterValue,
  type TMultiSeriesEntry,
  type TParameterValues,
  type TWidget,
  type TWidgetConfig,
  type TWidgetInput,
  type TWidgetType,
  type ZHtmlWidgetSettings,
  type ZMultiSeriesBarChartSettings,
  type ZPieChartSettings,
  type ZSimpleBarChartSettings,
  type ZTableWidgetSettings,
  ZWidgetInput,
} from '@mip/shared';
import type { z } from 'zod';

/** A series row of a multi-series chart in the form. */
export type TSeriesForm = TMultiSeriesEntry & { key: string };

type TAllSettings = z.output<typeof ZPieChartSettings> &
  z.output<typeof ZSimpleBarChartSettings> &
  Omit<z.output<typeof ZMultiSeriesBarChartSettings>, 'series'> &
  z.output<typeof ZTableWidgetSettings> &
  z.output<typeof ZHtmlWidgetSettings>;

/**
 * A widget in the dashboard form: what every widget has, plus the settings of
 * its own type (the others are absent). Number fields may hold '' while
 * cleared; they are sent as null, so the shared rules name what is missing.
 */
export type TWidgetForm = Pick<
  TWidgetConfig,
  'title' | 'size' | 'sourceId' | 'sourceConfig' | 'allowTable' | 'allowExportChart' | 'allowExportTable'
> &
  Partial<TAllSettings> & {
    /** Keeps the widget's fields in place while widgets move. */
    key: string;
    name: TWidgetType;
    id?: number;
    series?: TSeriesForm[];
  };

/** The object schema of each widget type, as the shared union declares it. */
const WIDGET_SCHEMAS = new Map(ZWidgetInput.options.map((option) => [option.shape.name.value as TWidgetType, option]));

function schemaOf(type: TWidgetType) {
  const schema = WIDGET_SCHEMAS.get(type);
  if (!schema) throw new Error(`Unknown widget type ${type}`);
  return schema;
}

/** The fields a widget of this type carries, from its shared schema. */
export function widgetFieldNames(type: TWidgetType): string[] {
  return Object.keys(schemaOf(type).shape);
}

/** A new widget of a type with the spec's defaults (size 12 everywhere, pie 10/90, bar size 90…). */
export function newWidgetForm(type: TWidgetType): TWidgetForm {
  const size = { lg: DEFAULT_WIDGET_SIZE, md: DEFAULT_WIDGET_SIZE, sm: DEFAULT_WIDGET_SIZE };
  const defaults = schemaOf(type).parse({ name: type, size }) as unknown as TWidgetForm;
  return { ...defaults, key: randomId(), series: defaults.series ? [] : undefined };
}

export function newSeriesForm(): TSeriesForm {
  return {
    key: randomId(),
    type: 'SIMPLE_AGGREGATOR',
    property: null,
    dataKey: null,
    stackId: null,
    color: null,
    useCustomizedColors: false,
    customizedColors: [],
  };
}

/** A stored widget in the form: its own type's fields, without what the server adds (its source). */
export function toWidgetForm(widget: TWidget): TWidgetForm {
  const fields = new Set(widgetFieldNames(widget.name));
  const picked = Object.fromEntries(Object.entries(widget).filter(([field]) => fields.has(field)));
  const form = { ...picked, key: randomId() } as unknown as TWidgetForm;
  if ('series' in widget) form.series = widget.series.map((entry) => ({ ...entry, key: randomId() }));
  return form;
}

const blankToNull = (value: unknown) => (value === '' ? null : value);

/** Only the values given: a blank fixed value leaves the parameter to the viewer. */
function givenValues(values: TParameterValues | undefined): TParameterValues {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => hasParameterValue(value)));
}

/** The widget as the API takes it: its type's fields only, blanks as null. */
export function toWidgetInput(widget: TWidgetForm): TWidgetInput {
  const input: Record<string, unknown> = {};
  for (const field of widgetFieldNames(widget.name)) {
    const value = (widget as unknown as Record<string, unknown>)[field];
    if (value !== undefined) input[field] = blankToNull(value);
  }
  input.sourceConfig = { parameters: givenValues(widget.sourceConfig?.parameters) };
  if (widget.series) {
    input.series = widget.series.map(({ key: _key, ...entry }) =>
      Object.fromEntries(Object.entries(entry).map(([field, value]) => [field, blankToNull(value)])),
    );
  }
  return input as unknown as TWidgetInput;
}

/** The positions of the widgets that have an error, from the form's error paths (`widgets.2.nameKey`). */
export function widgetIndexesWithErrors(errors: Record<string, unknown>): Set<number> {
  const indexes = new Set<number>();
  for (const [path, error] of Object.entries(errors)) {
    const match = /^widgets\.(\d+)\./.exec(path);
    if (match && error) indexes.add(Number(match[1]));
  }
  return indexes;
}
