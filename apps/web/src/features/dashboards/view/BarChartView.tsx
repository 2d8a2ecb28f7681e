import { BAR_DEFAULT_SIZE, chartHeight, PRESET_CHART_COLOURS, type TQueryResult } from '@mip/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer } from 'recharts';
import { ChartFigure } from './ChartFigure';
import { barRows, chartColours, colourAt } from './chart-data';
import { formatChartValue } from './chart-format';
import { barTooltip, cartesianAxes, chartLegend } from './chart-parts';
import { useChartTheme } from './chart-theme';
import { WidgetMessage } from './WidgetMessage';
import { chartAccessibleName, type TWidgetOf } from './widget-types';

/** Spec 001 §3 "Bar": one bar per row, standing up or lying along the vertical axis, with its formatters. */
export function BarChartView({
  widget,
  result,
  ref,
}: {
  widget: TWidgetOf<'SimpleBarChart'>;
  result: TQueryResult;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  const nameKey = widget.nameKey ?? '';
  const dataKey = widget.dataKey ?? '';
  const rows = barRows(result, nameKey, dataKey);
  if (rows.length === 0) return <WidgetMessage>{t('dashboards.view.noData')}</WidgetMessage>;

  const isVertical = widget.direction === 'vertical';
  const colours = chartColours(widget);
  const isCustom = colours !== PRESET_CHART_COLOURS;
  const valueText = (value: unknown) => formatChartValue(value, widget.labelFormatter, i18n.language);
  const label = chartAccessibleName(
    t,
    widget,
    rows.map((row) => [String(row[nameKey]), valueText(row[dataKey])]),
  );

  return (
    <ChartFigure ref={ref} label={label}>
      <ResponsiveContainer width="100%" height={chartHeight(widget, rows.length)}>
        <BarChart
          data={rows}
          layout={isVertical ? 'vertical' : 'horizontal'}
          accessibilityLayer={false}
          margin={{ top: 20, right: 32, bottom: 4, left: 4 }}
        >
          {cartesianAxes({
            ...widget,
            nameKey,
            isVertical,
            language: i18n.language,
            theme,
            isWhole: rows.every((row) => Number.isInteger(row[dataKey])),
          })}
          {widget.showTooltip && barTooltip(theme, valueText)}
          {widget.showLegend && chartLegend(theme)}
          <Bar
            dataKey={dataKey}
            maxBarSize={widget.barSize ?? BAR_DEFAULT_SIZE}
            fill={colourAt(colours, 0)}
            isAnimationActive={false}
          >
            {isCustom && rows.map((row, index) => <Cell key={String(row[nameKey])} fill={colourAt(colours, index)} />)}
            <LabelList
              dataKey={dataKey}
              position={isVertical ? 'right' : 'top'}
              fill={theme.text}
              fontSize={12}
              formatter={valueText}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
