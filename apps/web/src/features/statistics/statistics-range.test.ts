import { describe, expect, it } from 'vitest';
import { formatDuration, lastDays, presetOf } from './statistics-range';

describe('lastDays', () => {
  it('ends today where the user is and counts today in', () => {
    // 23:30 in Lisbon on 30 March is already 31 March in Tokyo.
    const now = new Date('2025-03-30T22:30:00Z');
    expect(lastDays(7, 'Europe/Lisbon', now)).toEqual({ from: '2025-03-24', to: '2025-03-30' });
    expect(lastDays(1, 'Asia/Tokyo', now)).toEqual({ from: '2025-03-31', to: '2025-03-31' });
  });

  it('crosses a daylight-saving change and a leap day by the calendar', () => {
    expect(lastDays(30, 'Europe/Lisbon', new Date('2024-03-31T12:00:00Z'))).toEqual({
      from: '2024-03-02',
      to: '2024-03-31',
    });
    expect(lastDays(3, 'Europe/Lisbon', new Date('2024-03-01T12:00:00Z'))).toEqual({
      from: '2024-02-28',
      to: '2024-03-01',
    });
  });
});

describe('presetOf', () => {
  it('names a range that is one of the presets, and no other', () => {
    const now = new Date('2025-04-14T09:00:00Z');
    expect(presetOf(lastDays(30, 'Europe/Lisbon', now), 'Europe/Lisbon', now)).toBe(30);
    expect(presetOf({ from: '2025-04-01', to: '2025-04-10' }, 'Europe/Lisbon', now)).toBeNull();
  });
});

describe('formatDuration', () => {
  it('reads h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(75)).toBe('0:01:15');
    expect(formatDuration(3 * 3600 + 5)).toBe('3:00:05');
    expect(formatDuration(-4)).toBe('0:00:00');
  });
});
