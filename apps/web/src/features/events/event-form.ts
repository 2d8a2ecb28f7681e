import type { TEvent, TEventDirection, TEventInput, TEventPriority, TEventSubType } from '@mip/shared';
import dayjs from 'dayjs';
import { dateValueOfDay, dayOfDateValue, type TDateValue } from '../../components/dates/date-value';
import type { TOption } from '../../components/select/RemoteSelect';
import { formatDateTime } from '../../lib/dates';
import { eventGeoJsonOfParts, partsOfEventGeoJson, type TEventPart } from './event-geometry';

/** The event form: dates and times apart (the shared date input plus a time input), the drawing as parts. */
export interface TEventFormValues {
  title: string;
  description: string;
  categoryId: number | null;
  isFuture: boolean;
  fromDay: TDateValue | null;
  /** HH:mm; '' (empty or half typed) is refused once there is a day, never saved as midnight. */
  fromTime: string;
  toDay: TDateValue | null;
  /** HH:mm; '' is refused once there is a day (choosing the day fills in 23:59). */
  toTime: string;
  priority: TEventPriority;
  isPublic: boolean;
  entityId: number | null;
  direction: TEventDirection | null;
  subType: TEventSubType | null;
  parts: TEventPart[];
  affectedSystems: TOption[];
}

export const EMPTY_EVENT_FORM: TEventFormValues = {
  title: '',
  description: '',
  categoryId: null,
  isFuture: false,
  fromDay: null,
  fromTime: '',
  toDay: null,
  toTime: '',
  priority: 'NORMAL',
  isPublic: true,
  entityId: null,
  direction: null,
  subType: null,
  parts: [],
  affectedSystems: [],
};

/** What a new event's form holds: it starts now, where the user is, as most incidents are logged as they happen. */
export function newEventFormValues(timeZone?: string, now = new Date()): TEventFormValues {
  const start = splitTimestamp(now.toISOString(), timeZone);
  return { ...EMPTY_EVENT_FORM, fromDay: start.day, fromTime: start.time };
}

/** The time an end day gets when it is chosen with no time yet: the whole of that day. */
export const END_OF_DAY_TIME = '23:59';

const IS_TIME = /^\d{2}:\d{2}$/;

/**
 * What the shared schema cannot see, because the form keeps days and times
 * apart: a day whose time is missing or half typed, or an end time with no end
 * day. Each would otherwise be saved as some other instant without a word.
 * Codes are read from `events.errors`.
 */
export function eventTimeProblems(
  values: Pick<TEventFormValues, 'fromDay' | 'fromTime' | 'toDay' | 'toTime'>,
): { property: 'fromTime' | 'toTime' | 'toTimestamp'; error: string }[] {
  const problems: ReturnType<typeof eventTimeProblems> = [];
  if (values.fromDay && !IS_TIME.test(values.fromTime))
    problems.push({ property: 'fromTime', error: 'MISSING_FROM_TIME' });
  if (values.toDay && !IS_TIME.test(values.toTime)) problems.push({ property: 'toTime', error: 'MISSING_TO_TIME' });
  if (!values.toDay && values.toTime !== '') problems.push({ property: 'toTimestamp', error: 'MISSING_TO_DATE' });
  return problems;
}

/** An affected system as its option reads: the system and the group it belongs to. */
export const systemOptionName = (name: string, parentName: string) => (parentName ? `${name} · ${parentName}` : name);

/**
 * A day from the date input and an HH:mm time as one instant where the user
 * is; undefined without a day. `fallbackTime` stands in for a missing time
 * only so the schema judges the rest (eventTimeProblems refuses that form).
 */
export function joinDayAndTime(
  day: TDateValue | null,
  time: string,
  fallbackTime: string,
  timeZone?: string,
): string | undefined {
  const isoDay = dayOfDateValue(day, timeZone);
  if (!isoDay) return undefined;
  const local = `${isoDay}T${IS_TIME.test(time) ? time : fallbackTime}:00`;
  const instant = timeZone ? dayjs.tz(local, timeZone) : dayjs(local);
  return instant.isValid() ? instant.toISOString() : undefined;
}

/** An instant as the form's day and HH:mm time where the user is. */
export function splitTimestamp(value: string | null, timeZone?: string): { day: TDateValue | null; time: string } {
  if (!value) return { day: null, time: '' };
  const isoDay = formatDateTime(value, timeZone, 'YYYY-MM-DD');
  return { day: dateValueOfDay(isoDay, { timeZone }), time: formatDateTime(value, timeZone, 'HH:mm') };
}

export function toEventFormValues(event: TEvent, timeZone?: string): TEventFormValues {
  const from = splitTimestamp(event.fromTimestamp, timeZone);
  const to = splitTimestamp(event.toTimestamp, timeZone);
  return {
    title: event.title,
    description: event.description,
    categoryId: event.category.id,
    isFuture: event.isFuture,
    fromDay: from.day,
    fromTime: from.time,
    toDay: to.day,
    toTime: to.time,
    priority: event.priority,
    isPublic: event.isPublic,
    entityId: event.entity.id,
    direction: event.direction,
    subType: event.subType,
    parts: partsOfEventGeoJson(event.geojson),
    affectedSystems: event.affectedSystems.map((system) => ({
      id: system.id,
      name: systemOptionName(system.name, system.parentName),
    })),
  };
}

/** The values as the API takes them (the shape the shared schema checks on both sides). */
export function toEventInput(values: TEventFormValues, timeZone?: string): TEventInput {
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId as number,
    isFuture: values.isFuture,
    fromTimestamp: joinDayAndTime(values.fromDay, values.fromTime, '00:00', timeZone) as string,
    toTimestamp: joinDayAndTime(values.toDay, values.toTime, END_OF_DAY_TIME, timeZone) ?? null,
    geojson: eventGeoJsonOfParts(values.parts),
    priority: values.priority,
    direction: values.direction,
    subType: values.subType,
    isPublic: values.isPublic,
    affectedSystemIds: values.affectedSystems.map((system) => system.id),
    entityId: values.entityId,
  };
}
