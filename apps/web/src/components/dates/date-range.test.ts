import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDateRangeLabel, stricterBound } from './date-range';

const LISBON = 'Europe/Lisbon';
const t = ((key: string, values: Record<string, string>) => `${key} ${JSON.stringify(values)}`) as unknown as TFunction;

describe('date ranges', () => {
  it('label a range by its days in the user’s zone', () => {
    const from = '2025-01-31T00:00:00.000Z';
    const to = '2025-02-28T23:59:59.999Z';
    expect(formatDateRangeLabel(t, { from, to }, LISBON)).toBe(
      'dates.range.between {"from":"31-01-2025","to":"28-02-2025"}',
    );
    expect(formatDateRangeLabel(t, { from }, LISBON)).toBe('dates.range.since {"from":"31-01-2025"}');
    expect(formatDateRangeLabel(t, { to }, LISBON)).toBe('dates.range.until {"to":"28-02-2025"}');
    expect(formatDateRangeLabel(t, { from, to: '2025-01-31T23:59:59.999Z' }, LISBON)).toBe('31-01-2025');
    expect(formatDateRangeLabel(t, { from: null, to: null }, LISBON)).toBeUndefined();
  });

  it('keep the stricter of two bounds, by calendar day', () => {
    const early = '2025-01-01T00:00:00.000Z';
    const late = '2025-03-01T00:00:00.000Z';
    expect(stricterBound(early, late, 'earlier', LISBON)).toBe(early);
    expect(stricterBound(early, late, 'later', LISBON)).toBe(late);
    expect(stricterBound(null, late, 'earlier', LISBON)).toBe(late);
    expect(stricterBound(early, undefined, 'later', LISBON)).toBe(early);
    // Same day, one at its start and one at its end: either is the same bound.
    expect(stricterBound('2025-01-01', '2025-01-01T23:59:59.999Z', 'earlier', LISBON)).toBe('2025-01-01');
  });
});
