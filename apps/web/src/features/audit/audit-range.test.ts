import { describe, expect, it } from 'vitest';
import { toAuditPeriod } from './audit-range';

describe('toAuditPeriod', () => {
  it('starts at the first day and ends at the start of the day after the last, in the user’s zone', () => {
    expect(toAuditPeriod('2025-07-01', '2025-07-31', 'Europe/Lisbon')).toEqual({
      from: '2025-06-30T23:00:00.000Z',
      to: '2025-07-31T23:00:00.000Z',
    });
  });

  it('follows the zone’s own offset on each day, across a daylight-saving change', () => {
    expect(toAuditPeriod('2025-10-25', '2025-10-26', 'Europe/Lisbon')).toEqual({
      from: '2025-10-24T23:00:00.000Z',
      to: '2025-10-27T00:00:00.000Z',
    });
    expect(toAuditPeriod('2025-01-10', '2025-01-10', 'Atlantic/Azores')).toEqual({
      from: '2025-01-10T01:00:00.000Z',
      to: '2025-01-11T01:00:00.000Z',
    });
  });

  it('leaves out an end that was not chosen', () => {
    expect(toAuditPeriod(null, null, 'Europe/Lisbon')).toEqual({ from: undefined, to: undefined });
    expect(toAuditPeriod('2025-03-03', null, 'Europe/Lisbon').to).toBeUndefined();
  });
});
