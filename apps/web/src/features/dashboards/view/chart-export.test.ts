import { describe, expect, it } from 'vitest';
import { chartFileName } from './chart-export';

describe('chartFileName', () => {
  it('keeps letters and digits of the title, without accents', () => {
    expect(chartFileName('Ocorrências por categoria (2024)')).toBe('ocorrencias-por-categoria-2024');
  });

  it('falls back to a name when the title has none', () => {
    expect(chartFileName('  ')).toBe('grafico');
  });
});
