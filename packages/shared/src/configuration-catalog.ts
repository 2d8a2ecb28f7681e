/**
 * Values are stored as JSON text (spec 000 §3: the client parses them as JSON),
 * so strings carry their quotes.
 *
 * The configuration names the platform knows, their kind and default. Names
 * starting with 'app.' are public (the web app reads them before sign-in);
 * the others stay on the server.
 */
/** URL: an http(s) address, or empty for none. OPTIONAL_TEXT: any short text, empty for none. */
export type TConfigurationKind =
  | 'TEXT'
  | 'OPTIONAL_TEXT'
  | 'BOOLEAN'
  | 'COLOUR'
  | 'JSON'
  | 'EMAIL'
  | 'COUNTRY'
  | 'SYSTEMS'
  | 'URL';

export interface TConfigurationEntry {
  name: string;
  kind: TConfigurationKind;
  defaultValue: string;
  /** A key or an address carrying one: the audit log records that it changed, never its value. */
  secret?: true;
}

export const CONFIGURATION_CATALOG: readonly TConfigurationEntry[] = [
  { name: 'app.appTitle', kind: 'TEXT', defaultValue: '"Plataforma de Mobilidade"' },
  { name: 'app.defaultColor', kind: 'COLOUR', defaultValue: '"#0a6c74"' },
  { name: 'app.allowDarkMode', kind: 'BOOLEAN', defaultValue: 'true' },
  { name: 'app.allowedSystems', kind: 'SYSTEMS', defaultValue: '["EVENT","FUTURE_EVENT"]' },
  { name: 'app.defaultCountry', kind: 'COUNTRY', defaultValue: '"PT"' },
  { name: 'app.supportEmail', kind: 'EMAIL', defaultValue: '"suporte@mobilidade.example"' },
  { name: 'app.allowEventReporting', kind: 'BOOLEAN', defaultValue: 'true' },
  // Spec 001 §3 waze_enabled: the Traffic entry of the map filter and GET /waze/traffic/.
  { name: 'app.waze.enabled', kind: 'BOOLEAN', defaultValue: 'false' },
  // Spec 001 §3 map configuration: where the public map opens and how far it may be moved.
  { name: 'app.mapCenter', kind: 'JSON', defaultValue: '{"lat":41.1496,"lng":-8.6109}' },
  { name: 'app.mapZoom', kind: 'JSON', defaultValue: '13' },
  { name: 'app.maxZoom', kind: 'JSON', defaultValue: '20' },
  // [[west, south], [east, north]], or null for none; the mobile variant applies below 992 px.
  { name: 'app.mapMaxBounds', kind: 'JSON', defaultValue: 'null' },
  { name: 'app.mapMaxBoundsMobile', kind: 'JSON', defaultValue: 'null' },
  // With no group picked in the filter, draw every group (true) or none (false).
  { name: 'app.mapShowAllOnEmptyFilter', kind: 'BOOLEAN', defaultValue: 'true' },
  // Spec 001 §3: road map and satellite in the map-type selector, each only when on and a key is set.
  // The key is public by nature: the browser asks the map tiles service with it (restrict it by referrer).
  { name: 'app.enableGoogleRoadMap', kind: 'BOOLEAN', defaultValue: 'false' },
  { name: 'app.enableGoogleSatellite', kind: 'BOOLEAN', defaultValue: 'false' },
  { name: 'app.googleMapApiKey', kind: 'OPTIONAL_TEXT', defaultValue: '""', secret: true },
  // The base map under everything: a MapLibre vector style URL or a raster {z}/{x}/{y} template;
  // empty keeps the offline outlines shipped with the server.
  { name: 'app.baseMapUrl', kind: 'URL', defaultValue: '""' },
  { name: 'app.baseMapAttribution', kind: 'OPTIONAL_TEXT', defaultValue: '""' },
  // The map's street search: a Nominatim-compatible search address, or empty for reference places only.
  // It may carry a key, so it stays on the server and the server asks it for the visitor.
  { name: 'geocoder.searchUrl', kind: 'URL', defaultValue: '""', secret: true },
  // The partner feed's address carries its access key: it stays on the server.
  { name: 'waze.feedUrl', kind: 'URL', defaultValue: '""', secret: true },
  // How many days IoT readings (and dead letters) are kept; whole days, 1 to 3650.
  { name: 'iot.readingRetentionDays', kind: 'JSON', defaultValue: '30' },
  // How many days a browser error report is kept after it was last seen; whole days, 1 to 3650.
  { name: 'feDebug.reportRetentionDays', kind: 'JSON', defaultValue: '90' },
];

export function findConfigurationEntry(name: string): TConfigurationEntry | undefined {
  return CONFIGURATION_CATALOG.find((entry) => entry.name === name);
}

export function isSecretConfiguration(name: string): boolean {
  return findConfigurationEntry(name)?.secret === true;
}
