import { PRESET_CHART_COLOURS } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { barRows, chartColours, multiSeriesBars, pieSlices } from './chart-data';

const byCategory = {
  headers: ['Categoria', 'Ocorrências'],
  rows: [
    ['Acidente', 3],
    ['Obras', '1'],
    ['Vazia', 0],
  ],
};

describe('chart data', () => {
  it('makes one pie slice per row with its share of the total, leaving empty ones out', () => {
    const slices = pieSlices(byCategory, 'Categoria', 'Ocorrências', ['#111', '#222']);
    expect(slices).toEqual([
      { name: 'Acidente', value: 3, share: 75, colour: '#111' },
      { name: 'Obras', value: 1, share: 25, colour: '#222' },
    ]);
  });

  it('uses the custom colours only when asked for and given', () => {
    expect(chartColours({ useCustomizedColors: true, customizedColors: ['#abc'] })).toEqual(['#abc']);
    expect(chartColours({ useCustomizedColors: true, customizedColors: [] })).toBe(PRESET_CHART_COLOURS);
    expect(chartColours({ useCustomizedColors: false, customizedColors: ['#abc'] })).toBe(PRESET_CHART_COLOURS);
  });

  it('reads bar values as numbers', () => {
    expect(barRows(byCategory, 'Categoria', 'Ocorrências')[1]).toEqual({ Categoria: 'Obras', Ocorrências: 1 });
  });

  it('splits a property series into one coloured bar per value, stacked together', () => {
    const result = {
      headers: ['Mês', 'Estado', 'Ocorrências'],
      rows: [
        ['2024-01', 'Aberta', 2],
        ['2024-01', 'Fechada', 1],
        ['2024-02', 'Aberta', 4],
      ],
    };
    const { data, bars } = multiSeriesBars(result, 'Mês', [
      {
        type: 'PROPERTY_AGGREGATOR',
        property: 'Estado',
        dataKey: 'Ocorrências',
        stackId: 'a',
        color: null,
        useCustomizedColors: true,
        customizedColors: ['#f00', '#0f0'],
      },
    ]);
    expect(data).toEqual([
      { Mês: '2024-01', Aberta: 2, Fechada: 1 },
      { Mês: '2024-02', Aberta: 4 },
    ]);
    expect(bars).toEqual([
      { key: 'Aberta', stackId: 'a', colour: '#f00' },
      { key: 'Fechada', stackId: 'a', colour: '#0f0' },
    ]);
  });

  it('gives a simple series its own colour', () => {
    const { bars } = multiSeriesBars({ headers: ['n', 'v'], rows: [['a', 1]] }, 'n', [
      {
        type: 'SIMPLE_AGGREGATOR',
        property: null,
        dataKey: 'v',
        stackId: null,
        color: '#123456',
        useCustomizedColors: false,
        customizedColors: [],
      },
    ]);
    expect(bars).toEqual([{ key: 'v', stackId: null, colour: '#123456' }]);
  });
});
