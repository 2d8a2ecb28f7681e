/**
 * What a GTFS feed can get wrong. Errors stop the import (the feed would be
 * wrong or half there); warnings are reported and the import goes on. The web
 * catalogs hold one plain-language text per code (`gtfs.issues.<CODE>`).
 */
export const GTFS_ERROR_CODES = [
  'NOT_A_ZIP',
  // A zip that unzips past the configured limits (a file, or all files read), or a line past 1 MB: the feed is not read further.
  'FILE_TOO_LARGE',
  'FEED_TOO_LARGE',
  'LINE_TOO_LONG',
  'MISSING_FILE',
  'MISSING_CALENDAR',
  'EMPTY_FILE',
  'MISSING_COLUMN',
  'INVALID_ENCODING',
  'CONTAINS_NULL',
  'MISSING_VALUE',
  'INVALID_VALUE',
  'INVALID_TIME',
  'INVALID_DATE',
  'DUPLICATE_ID',
  'UNKNOWN_REFERENCE',
  'MISSING_AGENCY_ID',
  'DUPLICATE_STOP_SEQUENCE',
  'MISSING_ENDPOINT_TIME',
  'NO_TRIPS',
] as const;

export const GTFS_WARNING_CODES = [
  'UNKNOWN_FILE',
  'UNKNOWN_COLUMN',
  'DUPLICATE_COLUMN',
  'FILES_IN_FOLDER',
  'UTF16_ENCODING',
  'ROW_CELL_COUNT',
  'MISSING_ARRIVAL_OR_DEPARTURE',
  'UNTIMED_STOPS_INTERPOLATED',
  'TRIP_WITHOUT_STOP_TIMES',
  'TRIP_TOO_SHORT',
  'UNUSED_STOP',
  'STOPS_AT_SAME_PLACE',
  'UNUSED_SERVICE',
  'ROUTE_WITHOUT_NAME',
  'SAME_SHORT_AND_LONG_NAME',
  'REPEATED_ROUTE_NAME',
  'DUPLICATE_CALENDAR_DATE',
  'UNKNOWN_SHAPE',
  'IGNORED_VALUE',
  'FEED_EXPIRED',
] as const;

export const GTFS_ISSUE_CODES = [...GTFS_ERROR_CODES, ...GTFS_WARNING_CODES] as const;
export type TGtfsIssueCode = (typeof GTFS_ISSUE_CODES)[number];
export type TGtfsErrorCode = (typeof GTFS_ERROR_CODES)[number];
export type TGtfsWarningCode = (typeof GTFS_WARNING_CODES)[number];

export const GTFS_SEVERITIES = ['ERROR', 'WARNING'] as const;
