import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ZPagedList, ZPageQuery, ZQueryBoolean, ZQueryList } from './common.ts';

describe('ZPageQuery', () => {
  it('starts on the first page (zero-based) with 50 items when nothing is asked', () => {
    expect(ZPageQuery.parse({})).toEqual({ currentPage: 0, itemsPerPage: DEFAULT_PAGE_SIZE });
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it('reads page numbers sent as query strings', () => {
    expect(ZPageQuery.parse({ currentPage: '3', itemsPerPage: '5', sortDirection: 'DESC' })).toEqual({
      currentPage: 3,
      itemsPerPage: 5,
      sortDirection: 'DESC',
    });
  });

  it.each([
    { currentPage: '-1' },
    { currentPage: 'abc' },
    { currentPage: '1.5' },
    { itemsPerPage: '0' },
    { itemsPerPage: String(MAX_PAGE_SIZE + 1) },
    { sortDirection: 'desc' },
  ])('refuses %o', (query) => {
    expect(ZPageQuery.safeParse(query).success).toBe(false);
  });
});

describe('ZPagedList', () => {
  const ZNames = ZPagedList(z.object({ name: z.string() }));

  it('accepts the spec paged list', () => {
    const page = {
      content: [{ name: 'Porto' }],
      totalItems: 1,
      totalPages: 1,
      currentPage: 0,
      itemsPerPage: 50,
      sortBy: 'name',
      sortOrder: 'ASC',
    };
    expect(ZNames.parse(page)).toEqual(page);
  });

  it('checks the items of the page against the item schema', () => {
    const page = {
      content: [{ name: 42 }],
      totalItems: 1,
      totalPages: 1,
      currentPage: 0,
      itemsPerPage: 50,
      sortBy: null,
      sortOrder: null,
    };
    expect(ZNames.safeParse(page).success).toBe(false);
  });
});

describe('ZQueryList', () => {
  const ZIds = z.object({ ids: ZQueryList(z.coerce.number().int()) });

  it('reads repeated keys and comma-separated values alike', () => {
    expect(ZIds.parse({ ids: ['1', '2'] })).toEqual({ ids: [1, 2] });
    expect(ZIds.parse({ ids: '1,2,3' })).toEqual({ ids: [1, 2, 3] });
    expect(ZIds.parse({ ids: ['1,2', '3'] })).toEqual({ ids: [1, 2, 3] });
  });

  it('drops empty values, as the spec says for filters', () => {
    expect(ZIds.parse({ ids: '' })).toEqual({ ids: undefined });
    expect(ZIds.parse({ ids: '1,,2,' })).toEqual({ ids: [1, 2] });
    expect(ZIds.parse({})).toEqual({ ids: undefined });
  });

  it('refuses an item of the wrong kind', () => {
    expect(ZIds.safeParse({ ids: '1,abc' }).success).toBe(false);
  });

  it('refuses more than 1000 items', () => {
    expect(ZIds.safeParse({ ids: Array.from({ length: 1001 }, (_, i) => String(i)).join(',') }).success).toBe(false);
  });
});

describe('ZQueryBoolean', () => {
  it("takes only 'true' and 'false'", () => {
    expect(ZQueryBoolean.parse('true')).toBe(true);
    expect(ZQueryBoolean.parse('false')).toBe(false);
    expect(ZQueryBoolean.safeParse('1').success).toBe(false);
    expect(ZQueryBoolean.safeParse('TRUE').success).toBe(false);
  });
});
