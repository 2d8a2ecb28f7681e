import { type TEvent, ZEventInput } from '@mip/shared';
import { describe, expect, it } from 'vitest';
import { dateValueOfDay } from '../../components/dates/date-value';
import {
  EMPTY_EVENT_FORM,
  eventTimeProblems,
  joinDayAndTime,
  newEventFormValues,
  splitTimestamp,
  toEventFormValues,
  toEventInput,
} from './event-form';

const LISBON = 'Europe/Lisbon';

describe('dates and times of the event form', () => {
  it('joins a day and an HH:mm time where the user is', () => {
    const summerDay = dateValueOfDay('2025-07-01', { timeZone: LISBON });
    expect(joinDayAndTime(summerDay, '14:30', '00:00', LISBON)).toBe('2025-07-01T13:30:00.000Z');
    const winterDay = dateValueOfDay('2025-01-15', { timeZone: LISBON });
    expect(joinDayAndTime(winterDay, '', '23:59', LISBON)).toBe('2025-01-15T23:59:00.000Z');
    expect(joinDayAndTime(null, '10:00', '00:00', LISBON)).toBeUndefined();
  });

  it('splits an instant back into the same day and time', () => {
    const { day, time } = splitTimestamp('2025-07-01T23:30:00.000Z', LISBON);
    expect(time).toBe('00:30');
    expect(joinDayAndTime(day, time, '00:00', LISBON)).toBe('2025-07-01T23:30:00.000Z');
    expect(splitTimestamp(null, LISBON)).toEqual({ day: null, time: '' });
  });
});

describe('the start and end of a new or edited event', () => {
  it('starts a new event now, on the day and at the minute where the user is', () => {
    // 23:30 UTC on 30 June is already 00:30 on 1 July in Lisbon (summer time).
    const values = newEventFormValues(LISBON, new Date('2025-06-30T23:30:40.000Z'));
    expect(values.fromTime).toBe('00:30');
    expect(values.fromDay).toBe(dateValueOfDay('2025-07-01', { timeZone: LISBON }));
    expect(toEventInput(values, LISBON).fromTimestamp).toBe('2025-06-30T23:30:00.000Z');
    expect(values.toDay).toBeNull();
  });

  it('refuses a day whose time is empty or half typed rather than saving midnight', () => {
    const day = dateValueOfDay('2025-07-01', { timeZone: LISBON });
    expect(eventTimeProblems({ fromDay: day, fromTime: '14:30', toDay: null, toTime: '' })).toEqual([]);
    expect(eventTimeProblems({ fromDay: day, fromTime: '', toDay: day, toTime: '' })).toEqual([
      { property: 'fromTime', error: 'MISSING_FROM_TIME' },
      { property: 'toTime', error: 'MISSING_TO_TIME' },
    ]);
    expect(eventTimeProblems({ fromDay: day, fromTime: '08:00', toDay: null, toTime: '18:00' })).toEqual([
      { property: 'toTimestamp', error: 'MISSING_TO_DATE' },
    ]);
    // No day yet: the schema says the date is missing, not the time.
    expect(eventTimeProblems({ fromDay: null, fromTime: '', toDay: null, toTime: '' })).toEqual([]);
  });
});

describe('toEventInput', () => {
  it('gives the shared schema its own error codes for an empty form', () => {
    const result = ZEventInput.safeParse(toEventInput(EMPTY_EVENT_FORM, LISBON));
    expect(result.success).toBe(false);
    const codes = Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
    expect(codes).toMatchObject({
      title: 'MISSING_TITLE',
      categoryId: 'MISSING_CATEGORY',
      fromTimestamp: 'MISSING_FROM_TIMESTAMP',
      geojson: 'MISSING_GEOMETRY',
    });
  });

  it('round-trips an event through the form', () => {
    const event = {
      id: 7,
      title: 'Corte na Avenida',
      description: 'Obras',
      category: { id: 3, name: 'Cortes', icon: null, categoryType: 'TRAFFIC_CLOSED' },
      isFuture: false,
      fromTimestamp: '2025-07-01T07:00:00.000Z',
      toTimestamp: '2025-07-02T17:30:00.000Z',
      geojson: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [
                [-8.61, 41.15],
                [-8.6, 41.16],
              ],
            },
            properties: { showDirections: true },
          },
        ],
      },
      priority: 'HIGH',
      direction: 'ONE_DIRECTION',
      subType: 'ROAD_CLOSED_CONSTRUCTION',
      isPublic: true,
      entity: { id: 2, name: 'Câmara' },
      affectedSystems: [{ id: 9, name: 'Trindade', parentName: 'Metro' }],
    } as unknown as TEvent;
    const input = toEventInput(toEventFormValues(event, LISBON), LISBON);
    expect(input).toMatchObject({
      title: event.title,
      categoryId: 3,
      fromTimestamp: event.fromTimestamp,
      toTimestamp: event.toTimestamp,
      geojson: event.geojson,
      direction: 'ONE_DIRECTION',
      subType: 'ROAD_CLOSED_CONSTRUCTION',
      affectedSystemIds: [9],
      entityId: 2,
    });
    expect(ZEventInput.safeParse(input).success).toBe(true);
  });
});
