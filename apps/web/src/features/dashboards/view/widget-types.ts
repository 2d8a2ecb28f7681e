import type { TWidget, TWidgetType } from '@mip/shared';
import type { TFunction } from 'i18next';

/** A stored widget of one type, with that type's settings. */
export type TWidgetOf<T extends TWidgetType> = Extract<TWidget, { name: T }>;

/** How many values a chart's accessible name lists before it says "and more". */
const NAMED_VALUES = 12;

/** "Acidente: 3; Obras: 1; …": a chart's values for its accessible name. */
export function describeValues(pairs: readonly (readonly [string, string])[], more: string): string {
  const named = pairs.slice(0, NAMED_VALUES).map(([name, value]) => `${name}: ${value}`);
  if (pairs.length > NAMED_VALUES) named.push(more);
  return named.join('; ');
}

/** What a chart says to assistive technology: its type, its title and its first values. */
export function chartAccessibleName(
  t: TFunction,
  widget: Pick<TWidget, 'name' | 'title'>,
  pairs: readonly (readonly [string, string])[],
): string {
  return t('dashboards.chart.label', {
    type: t(`dashboards.widgetTypes.${widget.name}`),
    title: widget.title,
    values: describeValues(pairs, t('dashboards.chart.more')),
  });
}
