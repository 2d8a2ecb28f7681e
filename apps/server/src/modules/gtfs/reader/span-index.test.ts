import { describe, expect, it } from 'vitest';
import { SpanIndex } from './span-index.ts';

describe('ids looked up from a span of a line', () => {
  it('finds each id added, only spelled whole, among thousands', () => {
    const index = new SpanIndex();
    for (let i = 0; i < 5000; i++) index.set(`stop_${i}x`, i + 1);
    const line = 'trip_1,08:00:00,08:00:00,stop_4321x,7';
    const start = line.indexOf('stop_');
    expect(index.get(line, start, start + 'stop_4321x'.length)).toBe(4322);
    // A part of an id, a longer one and one never added are not found.
    expect(index.get(line, start, start + 'stop_4321'.length)).toBe(-1);
    expect(index.get('stop_4321xy', 0, 11)).toBe(-1);
    expect(index.get('nowhere', 0, 7)).toBe(-1);
    expect(index.size).toBe(5000);
    expect(index.refOf('stop_17x')).toBe(18);
    expect(index.refOf('stop_17')).toBe(-1);
  });

  it('tells apart ids whose characters differ only in order or case, and non-ASCII ones', () => {
    const index = new SpanIndex();
    const ids = ['ab', 'ba', 'AB', 'São Bento', 'Sao Bento', 'ŝ', ''];
    for (const [i, id] of ids.entries()) index.set(id, i + 1);
    for (const [i, id] of ids.entries()) expect(index.get(`,${id},`, 1, 1 + id.length)).toBe(i + 1);
  });
});
