import { isSourcedWidget, type TWidget, type TWidgetConfig, type TWidgetSource, ZWidgetInput } from '@mip/shared';
import { type TWidgetForm, toWidgetInput } from './widget-form';

/**
 * What the editor's preview draws of a widget as the form has it now, saved
 * or not: a title from the form alone; a chart or a table on rows the server
 * reads for the form's source and fixed values (POST
 * /dashboards/widgets/preview); HTML as the server cleans it.
 */
export type TWidgetPreview =
  /** The form's values are not a valid widget yet (a title or a column missing…). */
  | { kind: 'incomplete' }
  /** Drawn from the form alone. */
  | { kind: 'widget'; widget: TWidget }
  /** Drawn on rows the server reads for `config`: the widget carries its source's columns and parameters. */
  | { kind: 'sourced'; widget: TWidget; config: TWidgetConfig }
  /** Drawn once the server has cleaned its HTML. */
  | { kind: 'html'; config: TWidgetConfig };

/** The widget as the dashboard receives it, from the form's config. */
function widgetOf(config: TWidgetConfig, id: number, source: TWidgetSource | null): TWidget {
  return { ...config, id, source, sourceParameters: config.sourceConfig.parameters };
}

/** `sources` are the editor's list of sources (their columns and parameters), where the form's source is found. */
export function previewWidget(form: TWidgetForm, sources: readonly TWidgetSource[]): TWidgetPreview {
  const parsed = ZWidgetInput.safeParse(toWidgetInput(form));
  if (!parsed.success) return { kind: 'incomplete' };
  const config = parsed.data;
  const id = config.id ?? 0;
  if (config.name === 'HTML') return { kind: 'html', config };
  if (!isSourcedWidget(config.name)) return { kind: 'widget', widget: widgetOf(config, id, null) };
  const source = sources.find((candidate) => candidate.id === config.sourceId) ?? null;
  return { kind: 'sourced', widget: widgetOf(config, id, source), config };
}
