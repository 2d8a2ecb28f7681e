import type { TIotDeadLetterReason } from './schemas/iot-queues.ts';

export interface TIotReadFormat {
  readingsPath: string | null;
  readerIdPath: string;
  valuePath: string;
  timestampPath: string | null;
}

export interface TReadReading {
  readerId: string;
  value: number;
  observedAt: Date;
}

export type TReadMessageResult =
  | { ok: true; readings: TReadReading[] }
  | { ok: false; reason: TIotDeadLetterReason; detail: string | null };

const STEP = /\.([A-Za-z_][\w-]*)|\[(\d+)\]/g;

/** The value a path (`$.a.b[0]`, see isJsonPath) names in a parsed message; undefined when absent. */
export function readJsonPath(document: unknown, path: string): unknown {
  let current: unknown = document;
  for (const match of path.slice(1).matchAll(STEP)) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = match[1] ?? Number(match[2]);
    if (typeof key === 'number' && !Array.isArray(current)) return undefined;
    current = Object.hasOwn(current, key) ? (current as Record<string | number, unknown>)[key] : undefined;
  }
  return current;
}

function toValue(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const value = Number(raw.trim());
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/** Epoch numbers below 10^11 are seconds (until the year 5138), above are milliseconds. */
const SECONDS_LIMIT = 1e11;

function toTimestamp(raw: unknown): Date | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    const date = new Date(raw < SECONDS_LIMIT ? raw * 1000 : raw);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof raw === 'string' && raw.trim() !== '') {
    const trimmed = raw.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return toTimestamp(Number(trimmed));
    // Only dates with a time zone: a local time would be read in the server's zone.
    if (!/(Z|[+-]\d\d:?\d\d)$/i.test(trimmed)) return null;
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

function readOne(item: unknown, format: TIotReadFormat, receivedAt: Date): TReadReading | TReadMessageResult {
  const rawReader = readJsonPath(item, format.readerIdPath);
  const readerId =
    typeof rawReader === 'string' ? rawReader.trim() : typeof rawReader === 'number' ? String(rawReader) : '';
  if (readerId === '' || readerId.length > 200) {
    return { ok: false, reason: 'MISSING_READER_ID', detail: format.readerIdPath };
  }
  const rawValue = readJsonPath(item, format.valuePath);
  const value = toValue(rawValue);
  if (value === null) {
    return { ok: false, reason: 'INVALID_VALUE', detail: rawValue === undefined ? format.valuePath : String(rawValue) };
  }
  let observedAt = receivedAt;
  const rawTime = format.timestampPath ? readJsonPath(item, format.timestampPath) : undefined;
  if (rawTime !== undefined && rawTime !== null) {
    const parsed = toTimestamp(rawTime);
    if (!parsed) return { ok: false, reason: 'INVALID_TIMESTAMP', detail: String(rawTime).slice(0, 100) };
    observedAt = parsed;
  }
  return { readerId, value, observedAt };
}

/**
 * The readings one message carries, read with the queue's format, or why it
 * cannot be read. A message of many readings is read whole or not at all, so a
 * replay never stores half of it twice.
 */
export function readIotMessage(payload: string, format: TIotReadFormat, receivedAt: Date): TReadMessageResult {
  let document: unknown;
  try {
    document = JSON.parse(payload);
  } catch {
    return { ok: false, reason: 'INVALID_JSON', detail: null };
  }
  let items: unknown[] = [document];
  if (format.readingsPath) {
    const list = readJsonPath(document, format.readingsPath);
    if (!Array.isArray(list) || list.length === 0) {
      return { ok: false, reason: 'MISSING_READINGS', detail: format.readingsPath };
    }
    items = list;
  }
  const readings: TReadReading[] = [];
  for (const item of items) {
    const read = readOne(item, format, receivedAt);
    if ('ok' in read) return read;
    readings.push(read);
  }
  return { ok: true, readings };
}

/** A message in the queue's format, for the "send test message" action. */
export function sampleIotMessage(format: TIotReadFormat, readerId: string, value: number, at: Date): string {
  const reading: Record<string, unknown> = {};
  const put = (target: Record<string, unknown>, path: string | null, content: unknown) => {
    if (!path || path === '$') return;
    const steps = [...path.slice(1).matchAll(STEP)].map((match) => match[1] ?? Number(match[2]));
    let node: Record<string | number, unknown> = target;
    steps.forEach((step, index) => {
      if (index === steps.length - 1) {
        node[step] = content;
        return;
      }
      const next = steps[index + 1];
      node[step] ??= typeof next === 'number' ? [] : {};
      node = node[step] as Record<string | number, unknown>;
    });
  };
  put(reading, format.readerIdPath, readerId);
  put(reading, format.valuePath, value);
  put(reading, format.timestampPath, at.toISOString());
  if (!format.readingsPath) return JSON.stringify(reading, null, 2);
  const message: Record<string, unknown> = {};
  put(message, format.readingsPath, [reading]);
  return JSON.stringify(message, null, 2);
}
