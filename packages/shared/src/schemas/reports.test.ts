import { describe, expect, it } from 'vitest';
import { nextGeneration, ZReportScheduleInput } from './reports.ts';

const at = (iso: string) => new Date(iso);
const daily = (recurringTime: string) =>
  ({ recurrence: 'DAILY', recurringTime, dayOfWeek: null, dayOfMonth: null }) as const;

describe('nextGeneration, in Lisbon time', () => {
  it('runs a daily 08:00 at 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(nextGeneration(daily('08:00'), at('2025-01-15T10:00:00Z')).toISOString()).toBe('2025-01-16T08:00:00.000Z');
    expect(nextGeneration(daily('08:00'), at('2025-07-15T05:00:00Z')).toISOString()).toBe('2025-07-15T07:00:00.000Z');
  });

  it('keeps 08:00 across the spring change of the clocks', () => {
    // 30 March 2025: Lisbon moves from UTC+0 to UTC+1 at 01:00.
    expect(nextGeneration(daily('08:00'), at('2025-03-29T09:00:00Z')).toISOString()).toBe('2025-03-30T07:00:00.000Z');
  });

  it('is strictly after the instant it is asked from', () => {
    expect(nextGeneration(daily('08:00'), at('2025-01-16T08:00:00Z')).toISOString()).toBe('2025-01-17T08:00:00.000Z');
  });

  it('runs an hourly schedule at its minutes past the next hour', () => {
    const hourly = { recurrence: 'HOURLY', recurringTime: '00:15', dayOfWeek: null, dayOfMonth: null } as const;
    expect(nextGeneration(hourly, at('2025-07-15T10:20:00Z')).toISOString()).toBe('2025-07-15T11:15:00.000Z');
    expect(nextGeneration(hourly, at('2025-07-15T10:10:00Z')).toISOString()).toBe('2025-07-15T10:15:00.000Z');
  });

  it('runs a weekly schedule on its ISO weekday', () => {
    // 15 January 2025 is a Wednesday; 1 is Monday.
    const weekly = { recurrence: 'WEEKLY', recurringTime: '09:30', dayOfWeek: 1, dayOfMonth: null } as const;
    expect(nextGeneration(weekly, at('2025-01-15T12:00:00Z')).toISOString()).toBe('2025-01-20T09:30:00.000Z');
  });

  it('runs a monthly schedule for the 31st on the last day of a shorter month', () => {
    const monthly = { recurrence: 'MONTHLY', recurringTime: '23:00', dayOfWeek: null, dayOfMonth: 31 } as const;
    expect(nextGeneration(monthly, at('2025-02-10T00:00:00Z')).toISOString()).toBe('2025-02-28T23:00:00.000Z');
    // 30 April 23:00 in Lisbon (summer time) is 22:00 UTC.
    expect(nextGeneration(monthly, at('2025-04-01T00:00:00Z')).toISOString()).toBe('2025-04-30T22:00:00.000Z');
  });
});

describe('ZReportScheduleInput', () => {
  const base = { templateId: 1, format: 'CSV', recurrence: 'DAILY', recurringTime: '08:00' };

  it('names a missing recurrence, time and template with the spec codes', () => {
    const result = ZReportScheduleInput.safeParse({ format: 'CSV' });
    const codes = result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'templateId:MISSING_TEMPLATE_ID',
        'recurrence:MISSING_RECURRENCE',
        'recurringTime:MISSING_RECURRING_TIME',
      ]),
    );
  });

  it('asks a weekly schedule for its weekday and refuses a time that is not HH:mm', () => {
    const weekly = ZReportScheduleInput.safeParse({ ...base, recurrence: 'WEEKLY' });
    expect(weekly.error?.issues.map((issue) => issue.path.join('.'))).toContain('dayOfWeek');
    const time = ZReportScheduleInput.safeParse({ ...base, recurringTime: '8h' });
    expect(time.error?.issues[0]?.message).toBe('INVALID_RECURRING_TIME');
  });
});
