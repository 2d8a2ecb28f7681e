import { ZWidgetInput } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { newSeriesForm, newWidgetForm, toWidgetForm, toWidgetInput, widgetIndexesWithErrors } from './widget-form';

describe('widget form', () => {
  it('starts a pie with the spec defaults: full width, radii 10% and 90%', () => {
    const pie = newWidgetForm('PieChart');
    expect(pie.size).toEqual({ lg: 12, md: 12, sm: 12 });
    expect(pie.innerRadius).toBe(10);
    expect(pie.outerRadius).toBe(90);
    expect(pie.key).toBeTruthy();
  });

  it('starts a bar chart with bars 90 wide and no legend', () => {
    const bar = newWidgetForm('SimpleBarChart');
    expect(bar.barSize).toBe(90);
    expect(bar.showLegend).toBe(false);
  });

  it('sends only the fields of the widget type, with blanks as null so the rules name them', () => {
    const pie = {
      ...newWidgetForm('PieChart'),
      title: 'Por categoria',
      sourceId: 4,
      innerRadius: '' as unknown as number,
    };
    const input = toWidgetInput(pie) as Record<string, unknown>;
    expect(input).not.toHaveProperty('key');
    expect(input).not.toHaveProperty('barSize');
    expect(input.innerRadius).toBeNull();
    const result = ZWidgetInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['innerRadius', 'MISSING_INNER_RADIUS'],
        ['nameKey', 'MISSING_NAME_KEY'],
      ]),
    );
  });

  it('keeps only the fixed parameter values that were given', () => {
    const table = {
      ...newWidgetForm('TableWidget'),
      sourceConfig: { parameters: { a: null, b: [], c: 'x', d: false } },
    };
    expect((toWidgetInput(table) as { sourceConfig: unknown }).sourceConfig).toEqual({
      parameters: { c: 'x', d: false },
    });
  });

  it('sends series without their row keys', () => {
    const chart = {
      ...newWidgetForm('MultiSeriesBarChart'),
      series: [{ ...newSeriesForm(), dataKey: 'v', stackId: '' }],
    };
    const input = toWidgetInput(chart) as { series: Record<string, unknown>[] };
    expect(input.series[0]).not.toHaveProperty('key');
    expect(input.series[0]?.stackId).toBeNull();
  });

  it('reads a stored widget back without what the server adds', () => {
    const form = toWidgetForm({
      ...(ZWidgetInput.parse({ name: 'Title', title: 'Resumo', size: { lg: 12, md: 12, sm: 12 } }) as object),
      id: 7,
      source: null,
    } as never);
    expect(form).toMatchObject({ id: 7, name: 'Title', title: 'Resumo' });
    expect(form).not.toHaveProperty('source');
  });

  it('finds the widgets a form error belongs to', () => {
    expect(
      widgetIndexesWithErrors({ name: 'x', 'widgets.2.nameKey': 'y', 'widgets.0.series.1.property': 'z' }),
    ).toEqual(new Set([2, 0]));
  });
});
