import { describe, expect, it } from 'vitest';
import { toFormPath } from './server-errors';

describe('toFormPath', () => {
  it("puts the server's nested properties on the form's field paths (spec 001 §5)", () => {
    expect(toFormPath('title')).toBe('title');
    expect(toFormPath('name[0].field')).toBe('name.0.field');
    expect(toFormPath('name[key]')).toBe('name.key');
    expect(toFormPath('series[1].colors[2]')).toBe('series.1.colors.2');
  });
});
