import { describe, expect, it } from 'vitest';
import { visiblePages } from './TablePagination';

describe('visiblePages', () => {
  it('shows five pages centred on the current one', () => {
    expect(visiblePages(10, 40)).toEqual([8, 9, 10, 11, 12]);
  });

  it('keeps five pages at the start and at the end', () => {
    expect(visiblePages(0, 40)).toEqual([0, 1, 2, 3, 4]);
    expect(visiblePages(39, 40)).toEqual([35, 36, 37, 38, 39]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(visiblePages(1, 3)).toEqual([0, 1, 2]);
    expect(visiblePages(0, 0)).toEqual([]);
  });
});
