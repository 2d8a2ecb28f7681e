/**
 * The GTFS Schedule files: those the platform reads (with their columns, the
 * required ones first) and those it knows but does not need (fares,
 * transfers, pathways…), which are accepted without a word.
 */

export interface TGtfsFileSpec {
  required: readonly string[];
  optional: readonly string[];
}

export const READ_FILES = {
  'agency.txt': {
    required: ['agency_name', 'agency_url', 'agency_timezone'],
    optional: ['agency_id', 'agency_lang', 'agency_phone', 'agency_fare_url', 'agency_email', 'cemv_support'],
  },
  'stops.txt': {
    required: ['stop_id'],
    optional: [
      'stop_code',
      'stop_name',
      'tts_stop_name',
      'stop_desc',
      'stop_lat',
      'stop_lon',
      'zone_id',
      'stop_url',
      'location_type',
      'parent_station',
      'stop_timezone',
      'wheelchair_boarding',
      'level_id',
      'platform_code',
      'stop_access',
    ],
  },
  'routes.txt': {
    required: ['route_id', 'route_type'],
    optional: [
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_desc',
      'route_url',
      'route_color',
      'route_text_color',
      'route_sort_order',
      'continuous_pickup',
      'continuous_drop_off',
      'network_id',
      'cemv_support',
    ],
  },
  'trips.txt': {
    required: ['route_id', 'service_id', 'trip_id'],
    optional: [
      'trip_headsign',
      'trip_short_name',
      'direction_id',
      'block_id',
      'shape_id',
      'wheelchair_accessible',
      'bikes_allowed',
      'cars_allowed',
    ],
  },
  'stop_times.txt': {
    required: ['trip_id', 'stop_id', 'stop_sequence'],
    optional: [
      'arrival_time',
      'departure_time',
      'location_group_id',
      'location_id',
      'stop_headsign',
      'start_pickup_drop_off_window',
      'end_pickup_drop_off_window',
      'pickup_type',
      'drop_off_type',
      'continuous_pickup',
      'continuous_drop_off',
      'shape_dist_traveled',
      'timepoint',
      'pickup_booking_rule_id',
      'drop_off_booking_rule_id',
    ],
  },
  'calendar.txt': {
    required: [
      'service_id',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
      'start_date',
      'end_date',
    ],
    optional: [],
  },
  'calendar_dates.txt': { required: ['service_id', 'date', 'exception_type'], optional: [] },
  'frequencies.txt': { required: ['trip_id', 'start_time', 'end_time', 'headway_secs'], optional: ['exact_times'] },
  'shapes.txt': {
    required: ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
    optional: ['shape_dist_traveled'],
  },
  'feed_info.txt': {
    required: ['feed_publisher_name', 'feed_publisher_url', 'feed_lang'],
    optional: [
      'default_lang',
      'feed_start_date',
      'feed_end_date',
      'feed_version',
      'feed_contact_email',
      'feed_contact_url',
    ],
  },
} as const satisfies Record<string, TGtfsFileSpec>;

export type TReadFileName = keyof typeof READ_FILES;

/** Files a feed must have; calendar.txt and calendar_dates.txt are checked together (one of them). */
export const REQUIRED_FILES: TReadFileName[] = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];

/**
 * The order files are read in: the ones every other refers to first, so a
 * reference can be checked the moment it is read, and the big stop_times
 * last, streamed.
 */
export const READ_ORDER: TReadFileName[] = [
  'feed_info.txt',
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'calendar.txt',
  'calendar_dates.txt',
  'shapes.txt',
  'trips.txt',
  'frequencies.txt',
  'stop_times.txt',
];

/** Valid GTFS files the timetable does not need: read by nobody, warned about by nobody. */
export const OTHER_KNOWN_FILES = new Set([
  'fare_attributes.txt',
  'fare_rules.txt',
  'timeframes.txt',
  'rider_categories.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'fare_leg_join_rules.txt',
  'fare_transfer_rules.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
  'transfers.txt',
  'pathways.txt',
  'levels.txt',
  'location_groups.txt',
  'location_group_stops.txt',
  'locations.geojson',
  'booking_rules.txt',
  'translations.txt',
  'attributions.txt',
]);
