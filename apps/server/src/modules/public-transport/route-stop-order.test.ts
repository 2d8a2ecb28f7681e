import { describe, expect, it } from 'vitest';
import { mergeStopPatterns } from './route-stop-order.ts';

// Stops by letter, so the expected lists read as a line diagram.
const ids = (letters: string) => [...letters].map((letter) => letter.charCodeAt(0));
const letters = (stops: number[]) => String.fromCharCode(...stops);
const merge = (...patterns: string[]) => letters(mergeStopPatterns(patterns.map(ids)));

describe('one stop list out of a route’s trip patterns', () => {
  it('keeps the longest pattern, with short-turn trips adding nothing', () => {
    expect(merge('BCD', 'ABCDE', 'ABC')).toBe('ABCDE');
  });

  it('puts the stations an express skips between their neighbours, not after the terminus', () => {
    // The intercity (longest) stops at A C E G I; regional trains serve the stations in between.
    expect(merge('ACEGI', 'ABCD', 'EFGH')).toBe('ABCDEFGHI');
    // Skip-stop: two variants each serving a stop the other passes.
    expect(merge('ABDEF', 'ACD')).toBe('ABCDEF');
  });

  it('places a variant that starts earlier before the first shared stop, and one that runs on after the last', () => {
    expect(merge('ABCDE', 'ZAB')).toBe('ZABCDE');
    expect(merge('ZABCDE', 'CDEF')).toBe('ZABCDEF');
  });

  it('lists a branch right after the stop where it leaves the line', () => {
    expect(merge('ABCDE', 'ABXY')).toBe('ABXYCDE');
  });

  it('lists a stop a loop visits twice once, and a pattern with no shared stop after the rest', () => {
    expect(merge('ABCA')).toBe('ABC');
    expect(merge('ABC', 'XY')).toBe('ABCXY');
    expect(merge()).toBe('');
  });
});
