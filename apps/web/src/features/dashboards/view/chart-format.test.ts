import { describe, expect, it } from 'vitest';
import { formatChartValue, formatPercentage } from './chart-format';

describe('formatChartValue', () => {
  it('writes seconds as h:mm:ss', () => {
    expect(formatChartValue(3725, 'SECONDS_TO_TIME', 'pt-PT')).toBe('1:02:05');
  });

  it('adds a percent sign, or writes thousands, in the reader language', () => {
    expect(formatChartValue(12.34, 'PERCENTAGE', 'pt-PT')).toBe('12,3%');
    expect(formatChartValue(12500, 'THOUSANDS', 'en-US')).toBe('12.5k');
  });

  it('groups plain numbers and leaves names alone', () => {
    expect(formatChartValue(1234567, 'NONE', 'en-US')).toBe('1,234,567');
    expect(formatChartValue('Acidente', 'SECONDS_TO_TIME', 'pt-PT')).toBe('Acidente');
    expect(formatChartValue('42', 'NONE', 'pt-PT')).toBe('42');
  });

  it('writes a share as a percentage with one decimal', () => {
    expect(formatPercentage(33.3333, 'en-US')).toBe('33.3%');
  });
});
