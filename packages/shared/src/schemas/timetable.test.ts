import { describe, expect, it } from 'vitest';
import { groupServiceDays, ZScheduleQuery } from './timetable.ts';

describe('groupServiceDays', () => {
  it('names whole groups and lists the other days', () => {
    expect(groupServiceDays(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'])).toEqual({
      groups: ['ALL_DAYS'],
      days: [],
    });
    expect(groupServiceDays(['MON', 'TUE', 'WED', 'THU', 'FRI'])).toEqual({ groups: ['ALL_WEEK_DAYS'], days: [] });
    expect(groupServiceDays(['SUN', 'SAT'])).toEqual({ groups: ['WEEKEND'], days: [] });
    expect(groupServiceDays(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'])).toEqual({
      groups: ['ALL_WEEK_DAYS'],
      days: ['SAT'],
    });
    expect(groupServiceDays(['FRI', 'MON'])).toEqual({ groups: [], days: ['MON', 'FRI'] });
    expect(groupServiceDays([])).toEqual({ groups: [], days: [] });
  });
});

describe('ZScheduleQuery', () => {
  it('needs a stop or a route, a direction of the spec and a real date', () => {
    expect(ZScheduleQuery.safeParse({ stopId: '12', date: '2025-04-25' }).success).toBe(true);
    expect(ZScheduleQuery.safeParse({ routeId: '3', direction: 'OPPOSITE' }).success).toBe(true);
    expect(ZScheduleQuery.safeParse({}).error?.issues[0].message).toBe('MISSING_STOP_OR_ROUTE');
    expect(ZScheduleQuery.safeParse({ stopId: '1', date: '2025-02-29' }).error?.issues[0].message).toBe('INVALID_DATE');
    expect(ZScheduleQuery.safeParse({ stopId: '1', direction: 'UP' }).error?.issues[0].message).toBe(
      'INVALID_DIRECTION',
    );
  });
});
