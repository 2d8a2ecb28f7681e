import type { TTrafficFeedFailure } from '@mip/shared';

/** A poll that could not produce a snapshot; the one served before stays. */
export class FeedError extends Error {
  readonly code: TTrafficFeedFailure;

  constructor(code: TTrafficFeedFailure, detail: string) {
    super(detail);
    this.code = code;
  }
}

/** One jam as stored: the feed's fields, its line as GeoJSON and the line's bounding box. */
export interface TJamRow {
  uuid: number;
  street: string | null;
  city: string | null;
  speed: number;
  speedKmh: number;
  length: number;
  delay: number;
  level: number;
  line: { type: 'LineString'; coordinates: [number, number][] };
  roadType: number | null;
  pubMillis: number | null;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

export interface TParsedFeed {
  jams: TJamRow[];
  /** Jams the feed listed that lack what the map needs (a line, a level…). */
  skipped: number;
  /** The feed's own time for the snapshot (endTimeMillis). */
  feedTime: Date | null;
  alertCount: number;
  irregularityCount: number;
}

/** A city's feed holds a few thousand jams; far more means something else answered. */
export const MAX_FEED_JAMS = 50_000;
const MAX_LINE_POINTS = 10_000;
const MAX_LABEL = 300;
/** Metres or seconds beyond any road (and beyond a 32-bit column). */
const MAX_MEASURE = 10_000_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const wholeNumber = (value: unknown): number | null => {
  const number = finite(value);
  return number !== null && Number.isSafeInteger(number) ? number : null;
};
/** Milliseconds since 1970 that name a real date (a feed from 2009 is still taken). */
const epochMillis = (value: unknown): number | null => {
  const millis = wholeNumber(value);
  return millis !== null && millis >= 0 && millis < Date.UTC(2100, 0, 1) ? millis : null;
};

function label(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, MAX_LABEL);
  return text === '' ? null : text;
}

function toLine(points: unknown): [number, number][] | null {
  if (!Array.isArray(points) || points.length < 2 || points.length > MAX_LINE_POINTS) return null;
  const coordinates: [number, number][] = [];
  for (const point of points) {
    if (!isObject(point)) return null;
    const x = finite(point.x);
    const y = finite(point.y);
    if (x === null || y === null || x < -180 || x > 180 || y < -90 || y > 90) return null;
    coordinates.push([x, y]);
  }
  return coordinates;
}

/** A jam the map can draw, or null: Waze documents the fields, but a feed is still outside data. */
export function toJamRow(jam: unknown): TJamRow | null {
  if (!isObject(jam)) return null;
  const uuid =
    wholeNumber(jam.uuid) ?? (typeof jam.uuid === 'string' && /^\d{1,15}$/.test(jam.uuid) ? Number(jam.uuid) : null);
  const level = finite(jam.level);
  const coordinates = toLine(jam.line);
  const length = finite(jam.length);
  const delay = finite(jam.delay);
  const speedKmh = finite(jam.speedKMH);
  const speed = finite(jam.speed) ?? (speedKmh === null ? null : speedKmh / 3.6);
  if (uuid === null || level === null || !Number.isInteger(level) || level < 0 || level > 5) return null;
  if (!coordinates || speed === null || speed < 0) return null;
  if (length === null || length < 0 || length > MAX_MEASURE || delay === null || delay < -1 || delay > MAX_MEASURE)
    return null;
  const longitudes = coordinates.map(([x]) => x);
  const latitudes = coordinates.map(([, y]) => y);
  const roadType = wholeNumber(jam.roadType);
  return {
    uuid,
    street: label(jam.street),
    city: label(jam.city),
    speed,
    speedKmh: speedKmh ?? Math.round(speed * 3.6 * 100) / 100,
    length: Math.round(length),
    delay: Math.round(delay),
    level,
    line: { type: 'LineString', coordinates },
    roadType: roadType !== null && Math.abs(roadType) < 32_768 ? roadType : null,
    pubMillis: epochMillis(jam.pubMillis),
    minLatitude: Math.min(...latitudes),
    maxLatitude: Math.max(...latitudes),
    minLongitude: Math.min(...longitudes),
    maxLongitude: Math.max(...longitudes),
  };
}

const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/**
 * Reads a Waze for Cities partner feed (JSON with jams, alerts and
 * irregularities). Waze leaves out an empty list, so a feed without `jams`
 * is a quiet moment, not an error; but it must look like a Waze feed at all.
 */
export function parseWazeFeed(text: string): TParsedFeed {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new FeedError('FEED_INVALID_JSON', error instanceof Error ? error.message.slice(0, 200) : 'not JSON');
  }
  if (!isObject(document)) throw new FeedError('FEED_INVALID', 'the feed is not a JSON object');
  const isWazeFeed = ['startTimeMillis', 'endTimeMillis', 'jams', 'alerts', 'irregularities'].some(
    (key) => key in document,
  );
  if (!isWazeFeed) throw new FeedError('FEED_INVALID', 'no jams, alerts or feed times: not a Waze feed');
  const listed = document.jams ?? [];
  if (!Array.isArray(listed)) throw new FeedError('FEED_INVALID', '"jams" is not a list');
  if (listed.length > MAX_FEED_JAMS) throw new FeedError('FEED_TOO_LARGE', `${listed.length} jams`);
  const jams = listed.map(toJamRow).filter((jam): jam is TJamRow => jam !== null);
  if (listed.length > 0 && jams.length === 0) throw new FeedError('FEED_INVALID', 'no jam has a usable line and level');
  const endMillis = epochMillis(document.endTimeMillis);
  return {
    jams,
    skipped: listed.length - jams.length,
    feedTime: endMillis === null ? null : new Date(endMillis),
    alertCount: countOf(document.alerts),
    irregularityCount: countOf(document.irregularities),
  };
}
