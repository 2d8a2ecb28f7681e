import { Box, Center, LoadingOverlay, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, type TFailedQuery } from '../LoadFailure';
import { TablePagination } from './TablePagination';
import type { TSort } from './useTableState';

export interface TColumn<T> {
  key: string;
  /** Usually words; a control (a select-all checkbox) for a column that is not sorted. */
  title: ReactNode;
  /** The server's sortProperty for this column; absent when it cannot be sorted. */
  sortProperty?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  hidden?: boolean;
}

interface TPage<T> {
  content: T[];
  totalItems: number;
  totalPages: number;
}

/** A server-paginated, server-sorted table: what the API pages, this shows; nothing is sorted in the browser. */
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
}) {
  const { t } = useTranslation();
  const visible = columns.filter((column) => !column.hidden);

  const toggleSort = (property: string) => {
    if (sort?.property !== property) onSort({ property, direction: 'ASC' });
    else if (sort.direction === 'ASC') onSort({ property, direction: 'DESC' });
    else onSort(null);
  };

  // A failed load is said as such, never shown as an empty (or a previous filter's) list.
  if (query.error) return <LoadFailure query={query} />;

  return (
    <Stack gap="sm">
      <Box pos="relative">
        <LoadingOverlay visible={isLoading && Boolean(page)} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        <ScrollArea type="auto">
          <Table striped highlightOnHover verticalSpacing="sm" miw={600} aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                {visible.map((column) => {
                  const isSorted = sort?.property === column.sortProperty && Boolean(column.sortProperty);
                  const ariaSort = isSorted ? (sort?.direction === 'ASC' ? 'ascending' : 'descending') : undefined;
                  return (
                    <Table.Th key={column.key} w={column.width} aria-sort={ariaSort}>
                      {column.sortProperty ? (
                        <UnstyledButton
                          onClick={() => toggleSort(column.sortProperty as string)}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
                        >
                          {column.title}
                          {isSorted ? (
                            sort?.direction === 'ASC' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : (
                              <IconArrowDown size={14} aria-hidden />
                            )
                          ) : (
                            <IconArrowsSort size={14} aria-hidden opacity={0.5} />
                          )}
                        </UnstyledButton>
                      ) : (
                        column.title
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page?.content.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {visible.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
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
