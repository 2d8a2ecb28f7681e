/**
 * A stop_times row read straight from the file's text, with no string per cell: most rows of a feed are
 * plain (no quotes, no padding, valid values), and a national feed has millions of them. Anything else —
 * a cell count off the header's, an empty id, a padded or malformed value — is not read here: the row then
 * goes through the reader's cells, which report it as always. So this module never decides what is wrong,
 * only recognises what is certainly right.
 */

/** Where stop_times' columns sit in a row (-1: the column is absent), and how many cells a row has. */
export interface TStopTimeLayout {
  cells: number;
  trip: number;
  arrival: number;
  departure: number;
  stop: number;
  sequence: number;
  pickup: number;
  dropOff: number;
}

/** A plain row: its ids as spans of the text, its values parsed (times in seconds, -1 when empty). */
export interface TPlainStopTime {
  tripStart: number;
  tripEnd: number;
  stopStart: number;
  stopEnd: number;
  sequence: number;
  arrival: number;
  departure: number;
  pickupType: number;
  dropOffType: number;
}

const ZERO = 48;
const COLON = 58;
const MAX_SEQUENCE = 2_147_483_646;

/**
 * A reader of plain rows for one header's layout: answers the row's values, or null when the row is not
 * plain. The answer is the same object each time, valid until the next call.
 */
export function createPlainStopTimeReader(layout: TStopTimeLayout) {
  /** Cell i runs from bounds[i] to bounds[i + 1] - 1 (the separator or the line's end left out). */
  const bounds = new Int32Array(layout.cells + 1);
  const row: TPlainStopTime = {
    tripStart: 0,
    tripEnd: 0,
    stopStart: 0,
    stopEnd: 0,
    sequence: 0,
    arrival: -1,
    departure: -1,
    pickupType: 0,
    dropOffType: 0,
  };
  let text = '';

  const isId = (cell: number): boolean => {
    const start = bounds[cell];
    const end = bounds[cell + 1] - 1;
    return end > start && text.charCodeAt(start) > 32 && text.charCodeAt(end - 1) > 32;
  };

  /** A whole number of 1 to 10 digits up to MAX_SEQUENCE, or -1. */
  const sequence = (cell: number): number => {
    const start = bounds[cell];
    const end = bounds[cell + 1] - 1;
    if (end <= start || end - start > 10) return -1;
    let value = 0;
    for (let i = start; i < end; i++) {
      const digit = text.charCodeAt(i) - ZERO;
      if (digit < 0 || digit > 9) return -1;
      value = value * 10 + digit;
    }
    return value <= MAX_SEQUENCE ? value : -1;
  };

  /** "H:MM:SS" or "HH:MM:SS" (hours up to three digits) in seconds; -1 when empty or absent, -2 when not plain. */
  const time = (cell: number): number => {
    if (cell < 0) return -1;
    const start = bounds[cell];
    const end = bounds[cell + 1] - 1;
    const length = end - start;
    if (length === 0) return -1;
    if (length < 7 || length > 9) return -2;
    const firstColon = end - 6;
    if (text.charCodeAt(firstColon) !== COLON || text.charCodeAt(end - 3) !== COLON) return -2;
    let hours = 0;
    for (let i = start; i < firstColon; i++) {
      const digit = text.charCodeAt(i) - ZERO;
      if (digit < 0 || digit > 9) return -2;
      hours = hours * 10 + digit;
    }
    const m1 = text.charCodeAt(firstColon + 1) - ZERO;
    const m2 = text.charCodeAt(firstColon + 2) - ZERO;
    const s1 = text.charCodeAt(end - 2) - ZERO;
    const s2 = text.charCodeAt(end - 1) - ZERO;
    if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || s1 < 0 || s1 > 5 || s2 < 0 || s2 > 9) return -2;
    return hours * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
  };

  /** pickup_type and drop_off_type: empty or absent is 0, one digit 0–3 is itself; -1 otherwise. */
  const code = (cell: number): number => {
    if (cell < 0) return 0;
    const start = bounds[cell];
    const length = bounds[cell + 1] - 1 - start;
    if (length === 0) return 0;
    const digit = text.charCodeAt(start) - ZERO;
    return length === 1 && digit >= 0 && digit <= 3 ? digit : -1;
  };

  return (lineText: string, start: number, end: number): TPlainStopTime | null => {
    text = lineText;
    bounds[0] = start;
    let count = 1;
    for (let comma = text.indexOf(',', start); comma !== -1 && comma < end; comma = text.indexOf(',', comma + 1)) {
      if (count === layout.cells) return null;
      bounds[count++] = comma + 1;
    }
    if (count !== layout.cells) return null;
    bounds[count] = end + 1;
    if (!isId(layout.trip) || !isId(layout.stop)) return null;
    const rowSequence = sequence(layout.sequence);
    const arrival = time(layout.arrival);
    const departure = time(layout.departure);
    const pickupType = code(layout.pickup);
    const dropOffType = code(layout.dropOff);
    // One of the two times missing is reported (and filled in) by the reader's own path.
    if (rowSequence < 0 || arrival === -2 || departure === -2 || (arrival === -1) !== (departure === -1)) return null;
    if (pickupType < 0 || dropOffType < 0) return null;
    row.tripStart = bounds[layout.trip];
    row.tripEnd = bounds[layout.trip + 1] - 1;
    row.stopStart = bounds[layout.stop];
    row.stopEnd = bounds[layout.stop + 1] - 1;
    row.sequence = rowSequence;
    row.arrival = arrival;
    row.departure = departure;
    row.pickupType = pickupType;
    row.dropOffType = dropOffType;
    return row;
  };
}
