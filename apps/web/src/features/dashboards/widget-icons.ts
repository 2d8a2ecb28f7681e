import type { TWidgetType } from '@mip/shared';
import {
  type Icon,
  IconChartBar,
  IconChartHistogram,
  IconChartPie,
  IconCode,
  IconHeading,
  IconTable,
} from '@tabler/icons-react';

export const WIDGET_TYPE_ICONS: Record<TWidgetType, Icon> = {
  PieChart: IconChartPie,
  SimpleBarChart: IconChartBar,
  MultiSeriesBarChart: IconChartHistogram,
  TableWidget: IconTable,
  Title: IconHeading,
  HTML: IconCode,
};
