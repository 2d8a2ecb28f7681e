import { describe, expect, it } from 'vitest';
import { interpolateUntimed, PatternBook, TripRun } from './trip-patterns.ts';

/** A run of rows as [stop, sequence, arrival, departure, pickup, drop-off]. */
function runOf(rows: number[][]): TripRun {
  const run = new TripRun();
  for (const [stop, sequence, arrival, departure, pickup = 0, dropOff = 0] of rows) {
    run.add(stop, sequence, arrival, departure, pickup, dropOff);
  }
  return run;
}

describe('a trip put together from its stop_times', () => {
  it('orders its stops by sequence, whatever order the file gave them in', () => {
    const { pattern, times, repeatsSequence } = runOf([
      [30, 7, 900, 960],
      [10, 1, 600, 600, 0, 1],
      [20, 3, 700, 720],
    ]).assemble();
    expect([...pattern.stops]).toEqual([10, 20, 30]);
    expect([...pattern.sequences]).toEqual([1, 3, 7]);
    expect([...pattern.dropOffTypes]).toEqual([1, 0, 0]);
    expect([...times.arrivals]).toEqual([600, 700, 900]);
    expect([...times.departures]).toEqual([600, 720, 960]);
    expect(repeatsSequence).toBe(false);
  });

  it('tells when two of its rows share a sequence', () => {
    expect(
      runOf([
        [1, 2, 60, 60],
        [2, 1, 0, 0],
        [3, 2, 120, 120],
      ]).assemble().repeatsSequence,
    ).toBe(true);
  });

  it('keeps every row of a trip longer than its first arrays, and takes back rows assembled before', () => {
    const rows = Array.from({ length: 200 }, (_, i) => [i + 1, i, i * 60, i * 60 + 30]);
    const first = runOf(rows.slice(0, 150)).assemble();
    const run = new TripRun();
    run.addAll(first.pattern, first.times);
    for (const [stop, sequence, arrival, departure] of rows.slice(150))
      run.add(stop, sequence, arrival, departure, 0, 0);
    const whole = run.assemble();
    expect([...whole.pattern.stops]).toEqual(rows.map((row) => row[0]));
    expect([...whole.times.departures]).toEqual(rows.map((row) => row[3]));
  });
});

describe('patterns', () => {
  // The same answers whether patterns are told apart by their hash or, all sharing one, by their values.
  it.each([
    ['their hash', undefined],
    ['their values when every hash is the same', () => 0],
  ])('are shared by the trips that call at the same stops the same way, and only by them (%s)', (_, hash) => {
    const book = new PatternBook(hash);
    const morning = book.refOf(
      runOf([
        [1, 1, 600, 600],
        [2, 2, 660, 660],
      ]).assemble().pattern,
    );
    const evening = book.refOf(
      runOf([
        [1, 1, 60_000, 60_000],
        [2, 2, 60_120, 60_180],
      ]).assemble().pattern,
    );
    const otherSequences = book.refOf(
      runOf([
        [1, 1, 600, 600],
        [2, 3, 660, 660],
      ]).assemble().pattern,
    );
    const setDownOnly = book.refOf(
      runOf([
        [1, 1, 600, 600, 1],
        [2, 2, 660, 660],
      ]).assemble().pattern,
    );
    const otherStop = book.refOf(
      runOf([
        [1, 1, 600, 600],
        [3, 2, 660, 660],
      ]).assemble().pattern,
    );
    expect(evening).toBe(morning);
    expect(new Set([morning, otherSequences, setDownOnly, otherStop]).size).toBe(4);
    expect(book.patterns).toHaveLength(4);
    expect([...book.get(otherStop).stops]).toEqual([1, 3]);
  });
});

describe('a pattern kept by the book', () => {
  it('stays as it was when the run that assembled it goes on to the next trip', () => {
    const book = new PatternBook();
    const run = runOf([
      [1, 1, 0, 0],
      [2, 2, 60, 60],
    ]);
    const first = book.refOf(run.assemble().pattern);
    run.clear();
    run.add(7, 1, 0, 0, 0, 0);
    run.add(8, 2, 60, 60, 0, 0);
    const second = book.refOf(run.assemble().pattern);
    expect(second).not.toBe(first);
    expect([...book.get(first).stops]).toEqual([1, 2]);
    expect([...book.get(second).stops]).toEqual([7, 8]);
  });
});

describe('untimed stops', () => {
  it('are timed in proportion to their position between the timed stops around them', () => {
    const times = interpolateUntimed({
      arrivals: Int32Array.from([600, -1, -1, 1000, 1100, -1, 1301]),
      departures: Int32Array.from([700, -1, -1, 1060, 1100, -1, 1301]),
    });
    // From the departure before (700) to the arrival after (1000): a third and two thirds of the way.
    expect([...times.arrivals]).toEqual([600, 800, 900, 1000, 1100, 1201, 1301]);
    expect([...times.departures]).toEqual([700, 800, 900, 1060, 1100, 1201, 1301]);
  });

  it('leave a timed trip as it is', () => {
    const timed = { arrivals: Int32Array.from([1, 2]), departures: Int32Array.from([1, 2]) };
    expect(interpolateUntimed(timed)).toBe(timed);
  });
});
