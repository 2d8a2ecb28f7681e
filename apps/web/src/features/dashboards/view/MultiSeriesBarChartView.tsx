import { chartHeight, type TQueryResult } from '@mip/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, ResponsiveContainer } from 'recharts';
import { ChartFigure } from './ChartFigure';
import { multiSeriesBars } from './chart-data';
import { formatChartValue } from './chart-format';
import { barTooltip, cartesianAxes, chartLegend } from './chart-parts';
import { useChartTheme } from './chart-theme';
import { WidgetMessage } from './WidgetMessage';
import { chartAccessibleName, type TWidgetOf } from './widget-types';

/** Spec 001 §3 "Multi-series": bars per series beside each other, or stacked when they share a stack id. */
export function MultiSeriesBarChartView({
  widget,
  result,
  ref,
}: {
  widget: TWidgetOf<'MultiSeriesBarChart'>;
  result: TQueryResult;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  const nameKey = widget.nameKey ?? '';
  const { data, bars } = multiSeriesBars(result, nameKey, widget.series);
  if (data.length === 0 || bars.length === 0) return <WidgetMessage>{t('dashboards.view.noData')}</WidgetMessage>;

  const isVertical = widget.direction === 'vertical';
  const valueText = (value: unknown) => formatChartValue(value, 'NONE', i18n.language);
  const label = chartAccessibleName(
    t,
    widget,
    data.flatMap((row) =>
      bars
        .filter((bar) => row[bar.key] !== undefined)
        .map((bar) => [`${row[nameKey]} ${bar.key}`, valueText(row[bar.key])] as const),
    ),
  );

  return (
    <ChartFigure ref={ref} label={label}>
      <ResponsiveContainer width="100%" height={chartHeight(widget, data.length)}>
        <BarChart
          data={data}
          layout={isVertical ? 'vertical' : 'horizontal'}
          accessibilityLayer={false}
          margin={{ top: 12, right: 24, bottom: 4, left: 4 }}
        >
          {cartesianAxes({
            nameKey,
            isVertical,
            showAxis: true,
            showVerticalAxis: true,
            language: i18n.language,
            theme,
            isWhole: data.every((row) =>
              bars.every((bar) => row[bar.key] === undefined || Number.isInteger(row[bar.key])),
            ),
          })}
          {widget.showTooltip && barTooltip(theme, valueText)}
          {widget.showLegend && chartLegend(theme)}
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={bar.key}
              stackId={bar.stackId ?? undefined}
              fill={bar.colour}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
