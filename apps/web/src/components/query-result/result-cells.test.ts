import { describe, expect, it } from 'vitest';
import { formatResultCell } from './result-cells';

const PT = { language: 'pt-PT', timeZone: 'Europe/Lisbon', yes: 'Sim', no: 'Não' };

describe('formatResultCell', () => {
  it('groups numbers the way the language writes them', () => {
    expect(formatResultCell(12345.5, 'number', PT)).toBe('12\u00a0345,5');
    expect(formatResultCell('42', 'number', { ...PT, language: 'en-US' })).toBe('42');
  });

  it('writes days as DD-MM-YYYY without moving them across time zones', () => {
    expect(formatResultCell('2024-03-01', 'date', { ...PT, timeZone: 'America/New_York' })).toBe('01-03-2024');
  });

  it('shows instants in the user time zone', () => {
    expect(formatResultCell('2024-07-01T12:30:00Z', 'datetime', PT)).toBe('01-07-2024 13:30');
  });

  it('says yes or no in words, and leaves null empty', () => {
    expect(formatResultCell(true, 'boolean', PT)).toBe('Sim');
    expect(formatResultCell(false, 'boolean', PT)).toBe('Não');
    expect(formatResultCell(null, 'text', PT)).toBe('');
  });

  it('writes JSON values as text', () => {
    expect(formatResultCell({ a: 1 }, 'json', PT)).toBe('{"a":1}');
  });
});
