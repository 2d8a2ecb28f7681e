import { type TWidget, ZWidgetInput } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { newWidgetForm, type TWidgetForm, toWidgetForm, toWidgetInput } from './widget-form';
import { previewWidget } from './widget-preview';

const SOURCE = { id: 4, name: 'Ocorrências', queryColumns: ['Prioridade', 'Ocorrências'], parameters: [] };
const OTHER = { id: 5, name: 'Eventos', queryColumns: ['Prioridade', 'Ocorrências'], parameters: [] };

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
  it('draws a saved widget with the settings the form has now, on rows read for the form', () => {
    const preview = previewWidget({ ...toWidgetForm(savedPie()), title: 'Novo título', calcPercentage: true }, [
      SOURCE,
    ]);
    expect(preview).toMatchObject({
      kind: 'sourced',
      widget: { id: 7, title: 'Novo título', calcPercentage: true, source: SOURCE },
      config: { sourceId: SOURCE.id, sourceConfig: { parameters: { minimo: 1 } } },
    });
  });

  it('waits for what the widget cannot be drawn without', () => {
    expect(previewWidget({ ...toWidgetForm(savedPie()), nameKey: null }, [SOURCE])).toEqual({ kind: 'incomplete' });
  });

  it('reads another source and other fixed values as the form has them', () => {
    const saved = toWidgetForm(savedPie());
    expect(previewWidget({ ...saved, sourceId: OTHER.id }, [SOURCE, OTHER])).toMatchObject({
      kind: 'sourced',
      widget: { source: OTHER },
      config: { sourceId: OTHER.id },
    });
    expect(previewWidget({ ...saved, sourceConfig: { parameters: { minimo: 2 } } }, [SOURCE])).toMatchObject({
      config: { sourceConfig: { parameters: { minimo: 2 } } },
    });
  });

  it('draws a widget never saved, and a title at once from the form', () => {
    const pie = { ...toWidgetForm(savedPie()), id: undefined };
    expect(previewWidget(pie, [SOURCE])).toMatchObject({ kind: 'sourced', widget: { id: 0, source: SOURCE } });
    const title = { ...newWidgetForm('Title'), title: 'Semana' };
    expect(previewWidget(title, [])).toMatchObject({ kind: 'widget', widget: { title: 'Semana' } });
  });

  it('leaves HTML to the server to clean before it is drawn', () => {
    const html = { ...newWidgetForm('HTML'), html: '<img src=x onerror=alert(1)>' };
    expect(previewWidget(html, [])).toMatchObject({ kind: 'html', config: { html: '<img src=x onerror=alert(1)>' } });
  });
});
