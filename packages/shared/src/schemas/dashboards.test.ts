import { describe, expect, it } from 'vitest';
import { liftLegacySourceParameters, ZWidgetInput } from './dashboards.ts';

describe('liftLegacySourceParameters', () => {
  const table = { name: 'TableWidget', title: 'T', size: { lg: 12, md: 12, sm: 12 }, sourceId: 1 };

  it('moves an older client’s sourceParameters to sourceConfig.parameters', () => {
    const lifted = ZWidgetInput.parse(liftLegacySourceParameters({ ...table, sourceParameters: { ate: 3 } }));
    expect(lifted.sourceConfig).toEqual({ parameters: { ate: 3 } });
    expect(lifted).not.toHaveProperty('sourceParameters');
  });

  it('lets the spec’s sourceConfig win when a widget sends both', () => {
    const both = { ...table, sourceParameters: { ate: 3 }, sourceConfig: { parameters: { ate: 5 } } };
    expect(ZWidgetInput.parse(liftLegacySourceParameters(both)).sourceConfig).toEqual({ parameters: { ate: 5 } });
  });

  it('leaves a widget without fixed values with none, and anything else as it came', () => {
    expect(ZWidgetInput.parse(liftLegacySourceParameters(table)).sourceConfig).toEqual({ parameters: {} });
    expect(liftLegacySourceParameters(null)).toBeNull();
    expect(liftLegacySourceParameters('PieChart')).toBe('PieChart');
  });
});
