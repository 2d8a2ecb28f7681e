import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers';

describe('formatNumber', () => {
  it('groups thousands with a space in pt-PT, the same way for every size', () => {
    // Intl separates the groups with a narrow no-break space.
    expect(formatNumber(435_507, 'pt-PT').replace(/\s/g, ' ')).toBe('435 507');
    expect(formatNumber(14_718, 'pt-PT').replace(/\s/g, ' ')).toBe('14 718');
    expect(formatNumber(1_409_300, 'pt-PT').replace(/\s/g, ' ')).toBe('1 409 300');
  });

  it('groups with commas in en-US and keeps the options it is given', () => {
    expect(formatNumber(435_507, 'en-US')).toBe('435,507');
    expect(formatNumber(2.345, 'pt-PT', { maximumFractionDigits: 1 })).toBe('2,3');
  });
});
