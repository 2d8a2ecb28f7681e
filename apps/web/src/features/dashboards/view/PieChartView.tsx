import {
  CHART_DEFAULT_HEIGHT,
  PIE_DEFAULT_INNER_RADIUS,
  PIE_DEFAULT_OUTER_RADIUS,
  type TQueryResult,
} from '@mip/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartFigure } from './ChartFigure';
import { chartColours, pieSlices, type TSlice } from './chart-data';
import { formatChartValue, formatPercentage } from './chart-format';
import { chartLegend } from './chart-parts';
import { useChartTheme } from './chart-theme';
import { WidgetMessage } from './WidgetMessage';
import { chartAccessibleName, type TWidgetOf } from './widget-types';

/** Spec 001 §3 "Pie": slices by the name column, percentages when asked, radii as % of the room, the name in the tooltip. */
export function PieChartView({
  widget,
  result,
  ref,
}: {
  widget: TWidgetOf<'PieChart'>;
  result: TQueryResult;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  const slices = pieSlices(result, widget.nameKey ?? '', widget.dataKey ?? '', chartColours(widget));
  if (slices.length === 0) return <WidgetMessage>{t('dashboards.view.noData')}</WidgetMessage>;

  const valueText = (slice: TSlice) =>
    widget.calcPercentage
      ? `${formatPercentage(slice.share, i18n.language)} (${formatChartValue(slice.value, 'NONE', i18n.language)})`
      : formatChartValue(slice.value, 'NONE', i18n.language);
  const label = chartAccessibleName(
    t,
    widget,
    slices.map((slice) => [slice.name, valueText(slice)]),
  );

  return (
    <ChartFigure ref={ref} label={label}>
      <ResponsiveContainer width="100%" height={CHART_DEFAULT_HEIGHT}>
        <PieChart accessibilityLayer={false}>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius={`${widget.innerRadius ?? PIE_DEFAULT_INNER_RADIUS}%`}
            outerRadius={`${widget.outerRadius ?? PIE_DEFAULT_OUTER_RADIUS}%`}
            isAnimationActive={false}
            stroke="none"
          >
            {slices.map((slice) => (
              <Cell key={slice.name} fill={slice.colour} />
            ))}
          </Pie>
          {widget.showTooltip && (
            <Tooltip {...theme.tooltip} formatter={(_value, name, item) => [valueText(item.payload as TSlice), name]} />
          )}
          {widget.showLegend && chartLegend(theme)}
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
