import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_TILES_MIN_SYSTEMS } from './modules/map/map-tiling.ts';

/** What a server process runs: the API, the background jobs, or both. */
export type TProcessRole = 'api' | 'workers' | 'all';
const PROCESS_ROLES: TProcessRole[] = ['api', 'workers', 'all'];

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

export interface TServerConfig {
  /**
   * PROCESS_ROLE: `api` serves HTTP and only sends background jobs, `workers`
   * runs the background jobs and serves no HTTP, `all` (the default) does both.
   */
  processRole: TProcessRole;
  /** Report generations one process runs at once (a requester's own run one at a time across processes). */
  reportWorkers: number;
  port: number;
  host: string;
  /** Where the embedded database keeps its files. */
  dataDir: string;
  /** Where large uploads (GTFS zips) wait on disk while they are checked and imported. */
  uploadDir: string;
  /** An external PostgreSQL; when absent the embedded one is started. */
  databaseUrl: string | null;
  /** The address users reach the product at, used in emailed links. */
  publicUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  sessionTtlMinutes: number;
  /** Load the demo entities, roles and users on first run. */
  loadDemoData: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies in front (comma-separated). */
  trustProxy: boolean | string;
  webDist: string;
  /** Whether this process works the traffic feed's polls (tests that poll by hand turn it off). */
  trafficPolling: boolean;
  /** The password of the role user-authored SQL logs in as (derived from the database password when unset). */
  queryReaderPassword: string | null;
  /** Connections for data sources and reports, apart from the API's own. */
  queryPoolSize: number;
  /** Bytes of rows a widget or preview may read before it answers RESULT_TOO_LARGE. */
  queryResultMaxBytes: number;
  /** How long a public widget's result is served again to visitors without running its query; 0 turns it off. */
  widgetCacheSeconds: number;
  /** Widget data calls per minute from one visitor address or signed-in user; 0 turns the limit off. */
  widgetRateLimitPerMinute: number;
  /** Calls per minute from one address to each public route (map, timetables, search…); 0 turns the limit off. */
  publicRateLimitPerMinute: number;
  /** The key stored credentials (broker passwords) are encrypted with; derived from the database password when unset. */
  secretsKey: string | null;
  /** Whether this process consumes the enabled IoT message queues (several processes share them). */
  iotConsumers: boolean;
  /** Port of the MQTT broker `npm start` runs inside the server (aedes) when none is there; 0 runs none. */
  mqttBrokerPort: number;
  /** The MQTT broker the demo queue reads from. */
  mqttUrl: string;
  /** Origins of pages allowed to show the product in a frame (a host app's web page), besides the product itself. */
  frameAncestors: string[];
  /**
   * The street map drawn when no base map is configured, by colour scheme: a MapLibre style URL, or null for
   * the offline outlines only. The offline outlines are also what is drawn whenever the style cannot be had.
   */
  streetMapStyles: { LIGHT: string | null; DARK: string | null };
  /** How much a GTFS zip may unzip to, counted while inflating: per file, and over the files read. */
  gtfsZipLimits: TZipLimits;
  /** Active placed systems from which a map group is drawn from vector tiles rather than GeoJSON (issue 20). */
  mapTilesMinSystems: number;
  /** A SIGTERM/SIGINT exits within this many seconds, whatever hangs (stopping the embedded PostgreSQL too). */
  shutdownTimeoutSeconds: number;
}

export interface TZipLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
}

const MB = 1024 * 1024;

/** Room for national feeds (a country's stop_times.txt runs to a couple of GB); a zip bomb stops well before the disk or the hours do. */
export const DEFAULT_GTFS_ZIP_LIMITS: TZipLimits = { maxFileBytes: 4096 * MB, maxTotalBytes: 8192 * MB };

function readInteger(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function readProcessRole(raw: string | undefined): TProcessRole {
  const role = (raw || 'all') as TProcessRole;
  if (!PROCESS_ROLES.includes(role)) throw new Error(`PROCESS_ROLE must be api, workers or all, got "${raw}"`);
  return role;
}

function readTrustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

/**
 * FRAME_ANCESTORS: comma- or space-separated origins (`https://host.example`).
 * Each goes into the Content-Security-Policy as it is, so anything but a bare
 * origin is refused: a stray `;` would add a directive of its own.
 */
function readFrameAncestors(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    const isOrigin = URL.canParse(origin) && new URL(origin).origin === origin && /^https?:/.test(origin);
    if (!isOrigin) throw new Error(`FRAME_ANCESTORS must list origins such as https://host.example, got "${origin}"`);
  }
  return origins;
}

/** OpenFreeMap: free, key-less vector tiles of OpenStreetMap, with their attribution in the style. */
export const OPENFREEMAP_STYLES = {
  LIGHT: 'https://tiles.openfreemap.org/styles/liberty',
  DARK: 'https://tiles.openfreemap.org/styles/dark',
};

/**
 * STREET_MAP_STYLE_URL and STREET_MAP_DARK_STYLE_URL; `offline` for the
 * outlines only. A light style set alone serves the dark scheme too: another
 * provider's light map beside OpenFreeMap's dark one would be a surprise.
 */
function readStreetMapStyles(env: NodeJS.ProcessEnv): TServerConfig['streetMapStyles'] {
  const read = (raw: string | undefined, fallback: string | null) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'offline') return null;
    if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
      throw new Error(`a street map style must be an http(s) URL or "offline", got "${raw}"`);
    }
    return raw;
  };
  const light = read(env.STREET_MAP_STYLE_URL, OPENFREEMAP_STYLES.LIGHT);
  const isDefaultLight = env.STREET_MAP_STYLE_URL === undefined || env.STREET_MAP_STYLE_URL === '';
  return { LIGHT: light, DARK: read(env.STREET_MAP_DARK_STYLE_URL, isDefaultLight ? OPENFREEMAP_STYLES.DARK : light) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): TServerConfig {
  const port = readInteger('PORT', 3000, env);
  const host = env.HOST || '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data'));
  return {
    processRole: readProcessRole(env.PROCESS_ROLE),
    reportWorkers: Math.max(1, readInteger('REPORT_WORKERS', 2, env)),
    port,
    host,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Plataforma de Mobilidade <no-reply@localhost>',
    sessionTtlMinutes: readInteger('SESSION_TTL_MINUTES', 720, env),
    loadDemoData: env.DEMO_DATA !== 'false',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    trafficPolling: env.TRAFFIC_POLLING !== 'false',
    queryReaderPassword: env.QUERY_READER_PASSWORD || null,
    queryPoolSize: Math.max(1, readInteger('QUERY_POOL_SIZE', 5, env)),
    queryResultMaxBytes: Math.max(1, readInteger('QUERY_RESULT_MAX_BYTES', 8 * 1024 * 1024, env)),
    widgetCacheSeconds: readInteger('WIDGET_CACHE_SECONDS', 30, env),
    widgetRateLimitPerMinute: readInteger('WIDGET_RATE_LIMIT_PER_MINUTE', 300, env),
    publicRateLimitPerMinute: readInteger('PUBLIC_RATE_LIMIT_PER_MINUTE', 600, env),
    secretsKey: env.SECRETS_KEY || null,
    iotConsumers: env.IOT_CONSUMERS !== 'false',
    mqttBrokerPort: readInteger('MQTT_BROKER_PORT', 1883, env),
    mqttUrl: env.MQTT_URL || `mqtt://127.0.0.1:${readInteger('MQTT_BROKER_PORT', 1883, env) || 1883}`,
    frameAncestors: readFrameAncestors(env.FRAME_ANCESTORS),
    streetMapStyles: readStreetMapStyles(env),
    gtfsZipLimits: {
      maxFileBytes:
        Math.max(1, readInteger('GTFS_MAX_UNZIPPED_FILE_MB', DEFAULT_GTFS_ZIP_LIMITS.maxFileBytes / MB, env)) * MB,
      maxTotalBytes:
        Math.max(1, readInteger('GTFS_MAX_UNZIPPED_FEED_MB', DEFAULT_GTFS_ZIP_LIMITS.maxTotalBytes / MB, env)) * MB,
    },
    shutdownTimeoutSeconds: Math.max(1, readInteger('SHUTDOWN_TIMEOUT_SECONDS', 10, env)),
    mapTilesMinSystems: Math.max(1, readInteger('MAP_TILES_MIN_SYSTEMS', MAP_TILES_MIN_SYSTEMS, env)),
  };
}
