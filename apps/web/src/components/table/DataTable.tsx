import { Box, Center, LoadingOverlay, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_QUERY } from '../../app/shell/ConsoleLayout';
import { LoadFailure, type TFailedQuery } from '../LoadFailure';
import { CardList } from './CardList';
import { type TColumn, toCardLayout, toSortOptions } from './columns';
import { SortControl } from './SortControl';
import { TablePagination } from './TablePagination';
import { TableView } from './TableView';
import type { TSort } from './useTableState';

export type { TCardRole, TColumn } from './columns';

/** Wide enough for a table's secondary columns too: a full HD screen, not a 1366 or 1440 px laptop. */
const WIDE_QUERY = '(min-width: 100em)';

interface TPage<T> {
  content: T[];
  totalItems: number;
  totalPages: number;
}

/**
 * A server-paginated, server-sorted list: what the API pages, this shows; nothing is sorted in the browser.
 * A table from 992 px up; below, stacked cards with a sort control (spec 000 §9's mobile layout), so no
 * row's actions or key fields sit off-screen. Same sort, filters and paging either way.
 */
export function DataTable<T>({
  caption,
  columns,
  page,
  currentPage,
  sort,
  isLoading,
  emptyText,
  rowKey,
  onSort,
  onPage,
  query,
  renderCard,
}: {
  caption: string;
  columns: TColumn<T>[];
  page: TPage<T> | undefined;
  currentPage: number;
  sort: TSort | null;
  isLoading: boolean;
  emptyText: string;
  rowKey: (row: T) => string | number;
  onSort: (sort: TSort | null) => void;
  onPage: (page: number) => void;
  /** The query behind the page: when it fails, its error shows instead of the rows, with a retry. */
  query: TFailedQuery;
  /** A card of the list's own design, in place of the one built from the columns' card roles. */
  renderCard?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const rows = page?.content ?? [];

  // A failed load is said as such, never shown as an empty (or a previous filter's) list.
  if (query.error) return <LoadFailure query={query} />;

  return (
    <Stack gap="sm">
      {!isDesktop && (
        <SortControl
          options={toSortOptions(columns)}
          sort={sort}
          onSort={onSort}
          leading={toCardLayout(columns).select?.title}
        />
      )}
      <Box pos="relative" aria-busy={isLoading} data-testid="list-body">
        <LoadingOverlay visible={isLoading && Boolean(page)} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        {isDesktop ? (
          <ScrollArea type="auto">
            <TableView
              caption={caption}
              columns={isWide ? columns : columns.filter((column) => !column.isSecondary)}
              rows={rows}
              sort={sort}
              rowKey={rowKey}
              onSort={onSort}
            />
          </ScrollArea>
        ) : (
          <CardList caption={caption} columns={columns} rows={rows} rowKey={rowKey} renderCard={renderCard} />
        )}
        {!page && isLoading && (
          <Center mih={120}>
            <Text c="dimmed">{t('common.loading')}</Text>
          </Center>
        )}
        {page && page.content.length === 0 && (
          <Center mih={120} data-testid="table-empty">
            <Text c="dimmed">{emptyText}</Text>
          </Center>
        )}
      </Box>
      {page && (
        <TablePagination
          page={currentPage}
          totalPages={page.totalPages}
          totalItems={page.totalItems}
          onChange={onPage}
        />
      )}
    </Stack>
  );
}
