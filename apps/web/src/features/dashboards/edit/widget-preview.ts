import {
  isSourcedWidget,
  type TParameterValues,
  type TWidget,
  type TWidgetConfig,
  type TWidgetSource,
  ZWidgetInput,
} from '@mip/shared';
import { type TWidgetForm, toWidgetInput } from './widget-form';

/**
 * What the editor's preview can show of a widget as the form has it now:
 * the widget itself, or why not yet. Its data come from the widget data
 * endpoint, which reads the widget as saved: the preview draws the form's
 * settings on them only while the source and the fixed values are the saved
 * ones, and HTML only as the server cleaned it.
 */
export type TWidgetPreview =
  | { kind: 'widget'; widget: TWidget }
  /** The form's values are not a valid widget yet (a title or a column missing…). */
  | { kind: 'incomplete' }
  /** A widget never saved has no data to draw yet. */
  | { kind: 'notSaved' }
  /** Another source or other fixed values than the saved ones: the saved widget's data would mislead. */
  | { kind: 'sourceChanged' }
  /** HTML typed since the last save: the server cleans it when it is saved, and only then is it shown. */
  | { kind: 'htmlChanged' };

/** The same values, whatever the order their names come in. */
function isSameValues(a: TParameterValues, b: TParameterValues): boolean {
  const sorted = (values: TParameterValues) =>
    JSON.stringify(Object.entries(values).sort(([x], [y]) => x.localeCompare(y)));
  return sorted(a) === sorted(b);
}

/** The widget as the dashboard receives it, from the form's config. */
function widgetOf(config: TWidgetConfig, id: number, source: TWidgetSource | null): TWidget {
  return { ...config, id, source, sourceParameters: config.sourceConfig.parameters };
}

export function previewWidget(form: TWidgetForm, saved: TWidget | undefined): TWidgetPreview {
  const parsed = ZWidgetInput.safeParse(toWidgetInput(form));
  if (!parsed.success) return { kind: 'incomplete' };
  const config = parsed.data;
  if (config.name === 'HTML') {
    if (saved?.name !== 'HTML' || saved.html !== config.html) return { kind: 'htmlChanged' };
    return { kind: 'widget', widget: widgetOf({ ...config, html: saved.html }, saved.id, null) };
  }
  if (!isSourcedWidget(config.name)) return { kind: 'widget', widget: widgetOf(config, saved?.id ?? 0, null) };
  if (!saved) return { kind: 'notSaved' };
  if (
    saved.sourceId !== config.sourceId ||
    !isSameValues(saved.sourceConfig.parameters, config.sourceConfig.parameters)
  ) {
    return { kind: 'sourceChanged' };
  }
  return { kind: 'widget', widget: widgetOf(config, saved.id, saved.source) };
}
