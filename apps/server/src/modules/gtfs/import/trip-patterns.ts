/**
 * A feed's stop_times regrouped by trip as they stream past: each trip's
 * stops, in sequence order, with what it does at each (its pattern), stored
 * once for every trip that follows it, and the trip's own times by position.
 * A national feed's million stop_times are some twenty thousand trips on a
 * few hundred patterns, so what goes to the database is a few megabytes.
 */

/** The stops a trip calls at, in sequence order, with their sequences and pickup and drop-off types. */
export interface TPattern {
  stops: Int32Array;
  sequences: Int32Array;
  pickupTypes: Uint8Array;
  dropOffTypes: Uint8Array;
}

/** A trip's times by position of its pattern; -1 where the feed left the stop untimed. */
export interface TTripTimes {
  arrivals: Int32Array;
  departures: Int32Array;
}

/** The rows of one trip as they arrive, in file order, in arrays that grow as needed. */
export class TripRun {
  count = 0;
  stops = new Int32Array(64);
  sequences = new Int32Array(64);
  arrivals = new Int32Array(64);
  departures = new Int32Array(64);
  pickupTypes = new Uint8Array(64);
  dropOffTypes = new Uint8Array(64);

  clear(): void {
    this.count = 0;
  }

  add(stop: number, sequence: number, arrival: number, departure: number, pickupType: number, dropOffType: number) {
    if (this.count === this.stops.length) this.grow();
    const i = this.count++;
    this.stops[i] = stop;
    this.sequences[i] = sequence;
    this.arrivals[i] = arrival;
    this.departures[i] = departure;
    this.pickupTypes[i] = pickupType;
    this.dropOffTypes[i] = dropOffType;
  }

  /** Takes back a trip already assembled, so rows of it that come later join it. */
  addAll(pattern: TPattern, times: TTripTimes): void {
    for (let i = 0; i < pattern.stops.length; i++) {
      this.add(
        pattern.stops[i],
        pattern.sequences[i],
        times.arrivals[i],
        times.departures[i],
        pattern.pickupTypes[i],
        pattern.dropOffTypes[i],
      );
    }
  }

  private grow(): void {
    const size = this.stops.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    this.stops = grown(this.stops, new Int32Array(size));
    this.sequences = grown(this.sequences, new Int32Array(size));
    this.arrivals = grown(this.arrivals, new Int32Array(size));
    this.departures = grown(this.departures, new Int32Array(size));
    this.pickupTypes = grown(this.pickupTypes, new Uint8Array(size));
    this.dropOffTypes = grown(this.dropOffTypes, new Uint8Array(size));
  }

  /**
   * The run as a pattern and times, in sequence order (files mostly give them in order; a trip that is
   * not is sorted). `repeatsSequence` says two rows share a sequence: the feed is refused for it.
   * The pattern's arrays are the run's own, good until it takes its next row (PatternBook.refOf keeps a
   * copy of a new one): most trips follow a pattern seen before, and copying theirs was most of the
   * assembling. The times are the trip's to keep.
   */
  assemble(): { pattern: TPattern; times: TTripTimes; repeatsSequence: boolean } {
    const n = this.count;
    let order: Int32Array | null = null;
    for (let i = 1; i < n; i++) {
      if (this.sequences[i] <= this.sequences[i - 1]) {
        order = Int32Array.from({ length: n }, (_, k) => k).sort((a, b) => this.sequences[a] - this.sequences[b]);
        break;
      }
    }
    const pick = <T extends Int32Array | Uint8Array>(values: T, into: T): T => {
      for (let i = 0; i < n; i++) into[i] = values[order ? order[i] : i];
      return into;
    };
    // In file order already (the usual case), the pattern is a view of the run's rows; else sorted apart.
    const inOrder = <T extends Int32Array | Uint8Array>(values: T, sorted: () => T): T =>
      (order ? pick(values, sorted()) : values.subarray(0, n)) as T;
    const pattern: TPattern = {
      stops: inOrder(this.stops, () => new Int32Array(n)),
      sequences: inOrder(this.sequences, () => new Int32Array(n)),
      pickupTypes: inOrder(this.pickupTypes, () => new Uint8Array(n)),
      dropOffTypes: inOrder(this.dropOffTypes, () => new Uint8Array(n)),
    };
    let repeatsSequence = false;
    for (let i = 1; i < n && order; i++) {
      if (pattern.sequences[i] === pattern.sequences[i - 1]) repeatsSequence = true;
    }
    const times = {
      arrivals: pick(this.arrivals, new Int32Array(n)),
      departures: pick(this.departures, new Int32Array(n)),
    };
    return { pattern, times, repeatsSequence };
  }
}

/** A number from a pattern's stops, sequences and what it does at each (FNV-1a over its values). */
export function hashPattern(pattern: TPattern): number {
  let hash = 0x811c9dc5 ^ pattern.stops.length;
  const mix = (values: Int32Array | Uint8Array) => {
    for (let i = 0; i < values.length; i++) hash = Math.imul(hash ^ values[i], 0x01000193);
  };
  mix(pattern.stops);
  mix(pattern.sequences);
  mix(pattern.pickupTypes);
  mix(pattern.dropOffTypes);
  return hash;
}

const isSame = (a: Int32Array | Uint8Array, b: Int32Array | Uint8Array) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

function isSamePattern(a: TPattern, b: TPattern): boolean {
  return (
    isSame(a.stops, b.stops) &&
    isSame(a.sequences, b.sequences) &&
    isSame(a.pickupTypes, b.pickupTypes) &&
    isSame(a.dropOffTypes, b.dropOffTypes)
  );
}

/**
 * Patterns by ref (1-based, the order they were first seen), each kept once. A trip's pattern is found by
 * a hash of its values, then compared: a key string joined from every value was a tenth of a national
 * feed's read.
 */
export class PatternBook {
  readonly patterns: TPattern[] = [];
  /** By hash: the refs of the patterns that have it (one, but for a collision). */
  private readonly refsByHash = new Map<number, number[]>();
  private readonly hash: (pattern: TPattern) => number;

  constructor(hash = hashPattern) {
    this.hash = hash;
  }

  /** The ref of this pattern: the one already kept when a trip before followed the same, else a new one. */
  refOf(pattern: TPattern): number {
    const hash = this.hash(pattern);
    const refs = this.refsByHash.get(hash);
    if (refs) {
      for (const ref of refs) if (isSamePattern(this.patterns[ref - 1], pattern)) return ref;
    }
    // A copy: the pattern may be a view of a trip's rows (TripRun.assemble), which the next trip overwrites.
    this.patterns.push({
      stops: pattern.stops.slice(),
      sequences: pattern.sequences.slice(),
      pickupTypes: pattern.pickupTypes.slice(),
      dropOffTypes: pattern.dropOffTypes.slice(),
    });
    const ref = this.patterns.length;
    if (refs) refs.push(ref);
    else this.refsByHash.set(hash, [ref]);
    return ref;
  }

  get(ref: number): TPattern {
    return this.patterns[ref - 1];
  }
}

/**
 * GTFS lets intermediate stops go untimed; their times are interpolated
 * between the timed stops around them, in proportion to their position. A
 * stop with no timed one on either side stays untimed (-1): the reader
 * refuses such a trip before it is loaded.
 */
export function interpolateUntimed(times: TTripTimes): TTripTimes {
  const { arrivals, departures } = times;
  if (!arrivals.includes(-1)) return times;
  const filled = { arrivals: arrivals.slice(), departures: departures.slice() };
  let previous = -1;
  for (let i = 0; i < arrivals.length; i++) {
    if (arrivals[i] !== -1) {
      previous = i;
      continue;
    }
    let next = i + 1;
    while (next < arrivals.length && arrivals[next] === -1) next++;
    if (previous === -1 || next === arrivals.length) continue;
    const from = departures[previous];
    const at = from + Math.round(((arrivals[next] - from) * (i - previous)) / (next - previous));
    filled.arrivals[i] = at;
    filled.departures[i] = at;
  }
  return filled;
}
