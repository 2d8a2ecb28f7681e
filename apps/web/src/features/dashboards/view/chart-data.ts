import {
  multiSeriesData,
  PRESET_CHART_COLOURS,
  rowsAsObjects,
  type TMultiSeriesEntry,
  type TQueryResult,
} from '@mip/shared';

type TColoured = { useCustomizedColors?: boolean; customizedColors?: string[] };

/** The colours a chart cycles through: its own when it asks for them, otherwise the 11 presets. */
export function chartColours(widget: TColoured): readonly string[] {
  return widget.useCustomizedColors && widget.customizedColors && widget.customizedColors.length > 0
    ? widget.customizedColors
    : PRESET_CHART_COLOURS;
}

export const colourAt = (colours: readonly string[], index: number) => colours[index % colours.length] as string;

const toNumber = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
};

export interface TSlice {
  name: string;
  value: number;
  /** Its share of the total, 0 to 100. */
  share: number;
  colour: string;
}

/** A pie's slices: one per row, named by the name column, sized by the value column; empty slices left out. */
export function pieSlices(
  result: Pick<TQueryResult, 'headers' | 'rows'>,
  nameKey: string,
  dataKey: string,
  colours: readonly string[],
): TSlice[] {
  const rows = rowsAsObjects(result)
    .map((row) => ({ name: String(row[nameKey] ?? ''), value: toNumber(row[dataKey]) }))
    .filter((row) => row.value > 0);
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map((row, index) => ({
    ...row,
    share: total > 0 ? (row.value / total) * 100 : 0,
    colour: colourAt(colours, index),
  }));
}

/** A bar chart's rows: the name as text and the value as a number. */
export function barRows(result: Pick<TQueryResult, 'headers' | 'rows'>, nameKey: string, dataKey: string) {
  return rowsAsObjects(result).map((row) => ({
    [nameKey]: String(row[nameKey] ?? ''),
    [dataKey]: toNumber(row[dataKey]),
  }));
}

export interface TBarSeries {
  key: string;
  stackId: string | null;
  colour: string;
}

/**
 * A multi-series chart's rows and its bars (see multiSeriesData): a simple
 * series takes its own colour, a property series one colour per value, from
 * its custom colours or else the presets.
 */
export function multiSeriesBars(
  result: Pick<TQueryResult, 'headers' | 'rows'>,
  nameKey: string,
  series: readonly Pick<
    TMultiSeriesEntry,
    'type' | 'property' | 'dataKey' | 'stackId' | 'color' | 'useCustomizedColors' | 'customizedColors'
  >[],
): { data: Record<string, string | number>[]; bars: TBarSeries[] } {
  const { data, keys } = multiSeriesData(rowsAsObjects(result), nameKey, series);
  const perSeries = new Map<number, number>();
  const bars = keys.map(({ key, stackId, seriesIndex }, index) => {
    const entry = series[seriesIndex];
    const position = perSeries.get(seriesIndex) ?? 0;
    perSeries.set(seriesIndex, position + 1);
    let colour = colourAt(PRESET_CHART_COLOURS, index);
    if (entry?.type === 'SIMPLE_AGGREGATOR' && entry.color) colour = entry.color;
    // Stored widgets written before a setting existed may lack it: read them with their defaults.
    else if (entry?.useCustomizedColors && (entry.customizedColors ?? []).length > 0)
      colour = colourAt(entry.customizedColors, position);
    return { key, stackId, colour };
  });
  return { data, bars };
}
