/**
 * GTFS field values. Times are seconds since the start of the service day
 * (GTFS: "noon minus 12h", which is midnight except on daylight-saving days),
 * so a trip that runs past midnight has times over 86,400 (25:32:00 = 91,920).
 */

const ZERO = 48;

/** "H:MM:SS" or "HH:MM:SS", hours unpadded and past 24 allowed; null when malformed. */
export function parseGtfsTime(raw: string): number | null {
  const text = raw.length > 0 && (raw.charCodeAt(0) === 32 || raw.charCodeAt(raw.length - 1) === 32) ? raw.trim() : raw;
  const length = text.length;
  if (length < 7 || length > 9) return null;
  const firstColon = length - 6;
  if (text.charCodeAt(firstColon) !== 58 || text.charCodeAt(length - 3) !== 58) return null;
  let hours = 0;
  for (let i = 0; i < firstColon; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return null;
    hours = hours * 10 + digit;
  }
  const m1 = text.charCodeAt(firstColon + 1) - ZERO;
  const m2 = text.charCodeAt(firstColon + 2) - ZERO;
  const s1 = text.charCodeAt(length - 2) - ZERO;
  const s2 = text.charCodeAt(length - 1) - ZERO;
  if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || s1 < 0 || s1 > 5 || s2 < 0 || s2 > 9) return null;
  return hours * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
}

/** Seconds since the start of the service day as GTFS writes them: "25:32:00". */
export function formatGtfsTime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}`;
}

/** "YYYYMMDD" as the number yyyymmdd when it names a real calendar day; null otherwise. */
export function parseGtfsDate(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{8}$/.test(text)) return null;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(4, 6));
  const day = Number(text.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return year * 10_000 + month * 100 + day;
}

/** yyyymmdd → "YYYY-MM-DD". */
export function formatIsoDate(date: number): string {
  const text = String(date);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** "YYYY-MM-DD" → yyyymmdd. */
export function isoDateToNumber(iso: string): number {
  return Number(iso.replaceAll('-', ''));
}

/** A whole number within bounds, or null. */
export function parseInteger(raw: string, min: number, max: number): number | null {
  const text = raw.trim();
  if (!/^-?\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** A decimal number within bounds, or null. */
export function parseDecimal(raw: string, min: number, max: number): number | null {
  const text = raw.trim();
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** A six-digit hex colour without '#', as GTFS writes them, or null. */
export function parseColour(raw: string): string | null {
  const text = raw.trim();
  return /^[0-9A-Fa-f]{6}$/.test(text) ? text.toUpperCase() : null;
}
