import { type TWidget, ZWidgetInput } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { newWidgetForm, type TWidgetForm, toWidgetForm, toWidgetInput } from './widget-form';
import { previewWidget } from './widget-preview';

const SOURCE = { id: 4, name: 'Ocorrências', queryColumns: ['Prioridade', 'Ocorrências'], parameters: [] };

/** A pie as GET /dashboards/{id} sends it. */
function savedPie(): TWidget {
  const form: TWidgetForm = {
    ...newWidgetForm('PieChart'),
    title: 'Por prioridade',
    sourceId: SOURCE.id,
    sourceConfig: { parameters: { minimo: 1 } },
    nameKey: 'Prioridade',
    dataKey: 'Ocorrências',
  };
  const config = ZWidgetInput.parse(toWidgetInput(form));
  return { ...config, id: 7, source: SOURCE, sourceParameters: config.sourceConfig.parameters } as TWidget;
}

describe('the widget editor’s preview', () => {
  it('draws a saved widget with the settings the form has now, on its saved source', () => {
    const saved = savedPie();
    const preview = previewWidget({ ...toWidgetForm(saved), title: 'Novo título', calcPercentage: true }, saved);
    expect(preview).toMatchObject({
      kind: 'widget',
      widget: { id: 7, title: 'Novo título', calcPercentage: true, source: SOURCE },
    });
  });

  it('waits for what the widget cannot be drawn without', () => {
    const saved = savedPie();
    expect(previewWidget({ ...toWidgetForm(saved), nameKey: null }, saved)).toEqual({ kind: 'incomplete' });
  });

  it('does not draw the saved data under another source or other fixed values', () => {
    const saved = savedPie();
    expect(previewWidget({ ...toWidgetForm(saved), sourceId: 5 }, saved)).toEqual({ kind: 'sourceChanged' });
    expect(previewWidget({ ...toWidgetForm(saved), sourceConfig: { parameters: { minimo: 2 } } }, saved)).toEqual({
      kind: 'sourceChanged',
    });
  });

  it('has no data for a widget never saved, but draws a title at once', () => {
    const pie = { ...toWidgetForm(savedPie()), id: undefined };
    expect(previewWidget(pie, undefined)).toEqual({ kind: 'notSaved' });
    const title = { ...newWidgetForm('Title'), title: 'Semana' };
    expect(previewWidget(title, undefined)).toMatchObject({ kind: 'widget', widget: { title: 'Semana' } });
  });

  it('shows HTML only as the server cleaned it', () => {
    const html = { ...newWidgetForm('HTML'), html: '<p>Olá</p>' };
    const saved = { ...ZWidgetInput.parse(toWidgetInput(html)), id: 3, source: null, sourceParameters: {} } as TWidget;
    expect(previewWidget(toWidgetForm(saved), saved)).toMatchObject({ kind: 'widget', widget: { id: 3 } });
    expect(previewWidget({ ...toWidgetForm(saved), html: '<img src=x onerror=alert(1)>' }, saved)).toEqual({
      kind: 'htmlChanged',
    });
  });
});
