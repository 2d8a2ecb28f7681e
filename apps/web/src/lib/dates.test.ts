import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDay, LAST_LOGIN_FORMAT } from './dates';

describe('formatDateTime', () => {
  it('shows a UTC instant in Lisbon summer time with the spec format', () => {
    expect(formatDateTime('2025-07-01T12:00:05Z', 'Europe/Lisbon')).toBe('01-07-2025 13:00:05');
  });

  it('uses the last-login format with a bar between date and time', () => {
    expect(formatDateTime('2025-01-15T09:30:00Z', 'Europe/Lisbon', LAST_LOGIN_FORMAT)).toBe('15-01-2025 | 09:30:00');
  });

  it('follows the viewer time zone, not the browser', () => {
    expect(formatDateTime('2025-01-15T09:30:00Z', 'America/New_York')).toBe('15-01-2025 04:30:00');
  });

  it('shows nothing for a missing or broken value', () => {
    expect(formatDateTime(null, 'Europe/Lisbon')).toBe('');
    expect(formatDateTime('not a date', 'Europe/Lisbon')).toBe('');
  });
});

describe('formatIsoDay', () => {
  it('shows a YYYY-MM-DD day as DD-MM-YYYY', () => {
    expect(formatIsoDay('2018-10-20')).toBe('20-10-2018');
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatIsoDay('20181020')).toBe('20181020');
  });
});
