import type { TValueFormatter } from '@mip/shared';
import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatChartValue } from './chart-format';
import type { useChartTheme } from './chart-theme';

/** Room for the names beside bars that lie along the vertical axis. */
const CATEGORY_AXIS_WIDTH = 132;

/**
 * The grid and axes of a bar chart. Horizontal: names along the bottom,
 * values up the side; vertical: the other way round. Each axis writes its
 * ticks with its own formatter and can be hidden.
 */
export function cartesianAxes(options: {
  nameKey: string;
  isVertical: boolean;
  showAxis: boolean;
  showVerticalAxis: boolean;
  xTickFormatter?: TValueFormatter;
  yTickFormatter?: TValueFormatter;
  language: string;
  theme: { text: string; grid: string };
  /** Whether the values are all whole numbers (counts): then so are the value ticks. */
  isWhole?: boolean;
}) {
  const { nameKey, isVertical, language, theme } = options;
  const tick = { fill: theme.text, fontSize: 12 };
  const format = (formatter: TValueFormatter | undefined) => (value: unknown) =>
    formatChartValue(value, formatter, language);
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke={theme.grid} />,
    <XAxis
      key="x"
      hide={!options.showAxis}
      tick={tick}
      tickFormatter={format(options.xTickFormatter)}
      {...(isVertical
        ? { type: 'number' as const, allowDecimals: !options.isWhole }
        : { type: 'category' as const, dataKey: nameKey })}
    />,
    <YAxis
      key="y"
      hide={!options.showVerticalAxis}
      tick={tick}
      tickFormatter={format(options.yTickFormatter)}
      {...(isVertical
        ? { type: 'category' as const, dataKey: nameKey, width: CATEGORY_AXIS_WIDTH }
        : { type: 'number' as const, allowDecimals: !options.isWhole })}
    />,
  ];
}

type TChartTheme = ReturnType<typeof useChartTheme>;

/** A chart's legend, its names in the text colour (the series colours are too faint to read as text). */
export function chartLegend(theme: TChartTheme) {
  return <Legend key="legend" formatter={(value) => <span style={{ color: theme.text }}>{value}</span>} />;
}

/** The tooltip of a bar chart: the hovered name and its values, written as the widget asks. */
export function barTooltip(theme: TChartTheme, formatValue: (value: unknown) => string) {
  return (
    <Tooltip key="tooltip" {...theme.tooltip} cursor={{ fill: theme.grid, opacity: 0.4 }} formatter={formatValue} />
  );
}
