import type { TPagedList, TPageQuery } from '@mip/shared';

/** Wraps one page of rows in the spec's paged list. */
export function toPagedList<T>(rows: T[], totalItems: number, query: TPageQuery, sortBy: string | null): TPagedList<T> {
  return {
    content: rows,
    totalItems,
    totalPages: Math.ceil(totalItems / query.itemsPerPage),
    currentPage: query.currentPage,
    itemsPerPage: query.itemsPerPage,
    sortBy,
    sortOrder: sortBy ? (query.sortDirection ?? 'ASC') : null,
  };
}
