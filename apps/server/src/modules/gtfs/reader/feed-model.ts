/**
 * A feed as the reader keeps it in memory: everything but stop_times (which
 * stream straight to the database). Records refer to each other by "ref", a
 * 1-based position in their list, so the database rows stay small integers.
 */

export interface TFeedInfo {
  publisherName: string;
  version: string | null;
  startDate: number | null;
  endDate: number | null;
}

export interface TAgency {
  agencyId: string;
  name: string;
  url: string;
  timezone: string;
  lang: string | null;
  phone: string | null;
}

export interface TStop {
  stopId: string;
  code: string | null;
  name: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  /** 0 stop or platform, 1 station, 2 entrance, 3 generic node, 4 boarding area. */
  locationType: number;
  parentStation: string | null;
  zoneId: string | null;
  platformCode: string | null;
  wheelchairBoarding: number | null;
}

export interface TRoute {
  routeId: string;
  agencyRef: number | null;
  shortName: string;
  longName: string;
  description: string | null;
  type: number;
  url: string | null;
  color: string | null;
  textColor: string | null;
  sortOrder: number | null;
}

export interface TService {
  serviceId: string;
  /** Bit 0 Monday … bit 6 Sunday; 0 for a service that exists only in calendar_dates. */
  weekdays: number;
  startDate: number | null;
  endDate: number | null;
}

export interface TCalendarDate {
  serviceRef: number;
  date: number;
  /** 1 added, 2 removed. */
  exceptionType: 1 | 2;
}

export interface TShape {
  shapeId: string;
  /** [longitude, latitude] pairs in shape_pt_sequence order. */
  coordinates: [number, number][];
}

export interface TTrip {
  tripId: string;
  routeRef: number;
  serviceRef: number;
  headsign: string | null;
  shortName: string | null;
  /** 0 (MAIN) or 1 (OPPOSITE); GTFS leaves it empty on one-way networks, read as 0. */
  directionId: 0 | 1;
  blockId: string | null;
  shapeRef: number | null;
}

export interface TFrequency {
  tripRef: number;
  startTime: number;
  endTime: number;
  headwaySecs: number;
  /** 0: a frequency-based service; 1: exact departures every headway. */
  exactTimes: 0 | 1;
}

export interface TFeedModel {
  feedInfo: TFeedInfo | null;
  agencies: TAgency[];
  stops: TStop[];
  routes: TRoute[];
  services: TService[];
  calendarDates: TCalendarDate[];
  shapes: TShape[];
  trips: TTrip[];
  frequencies: TFrequency[];
  stopTimeCount: number;
  /** stop_times without times, between timed ones: interpolated when loaded. */
  untimedStopTimeCount: number;
  /** Some trip's stop_times were not all together in the file: their sequences are checked once put together. */
  hasScatteredTrips: boolean;
  /** First and last service day (yyyymmdd), from feed_info or else the calendars. */
  startDate: number | null;
  endDate: number | null;
}

/** The weekday bit of a day: Monday 1, Tuesday 2 … Sunday 64. */
export const WEEKDAY_COLUMNS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** One stop_time, as it goes to the database. Times are seconds, -1 when the stop is untimed. */
export interface TStopTimeSink {
  /** Called once the files stop_times refer to are read, before its first row. */
  start: (model: TFeedModel) => Promise<void> | void;
  add: (
    tripRef: number,
    stopRef: number,
    sequence: number,
    arrival: number,
    departure: number,
    pickupType: number,
    dropOffType: number,
  ) => void;
  /** Awaited after every chunk read, so a slow database holds the reading back. */
  drain: () => Promise<void> | void;
}
