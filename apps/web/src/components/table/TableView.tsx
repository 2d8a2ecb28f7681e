import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { TColumn } from './columns';
import type { TSort } from './useTableState';

/**
 * The title asks for a good share of the width (a table gives each column at
 * least its narrowest content, then spreads the rest by each one's widest):
 * never less than room for a long title on three lines.
 */
const TITLE_STYLE = { width: '40%', minWidth: '16rem' };

/** The next sort when a column's header is clicked: ascending, then descending, then none. */
export function nextSort(sort: TSort | null, property: string): TSort | null {
  if (sort?.property !== property) return { property, direction: 'ASC' };
  if (sort.direction === 'ASC') return { property, direction: 'DESC' };
  return null;
}

/**
 * A list's rows as a table, for screens wide enough for its columns. The
 * title column takes the room the others leave: they keep to their content
 * so a title does not wrap onto line after line.
 */
export function TableView<T>({
  caption,
  columns,
  rows,
  sort,
  rowKey,
  onSort,
}: {
  caption: string;
  columns: TColumn<T>[];
  rows: T[];
  sort: TSort | null;
  rowKey: (row: T) => string | number;
  onSort: (sort: TSort | null) => void;
}) {
  const visible = columns.filter((column) => !column.hidden);
  return (
    <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={8} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {visible.map((column) => {
            const isSorted = sort?.property === column.sortProperty && Boolean(column.sortProperty);
            const ariaSort = isSorted ? (sort?.direction === 'ASC' ? 'ascending' : 'descending') : undefined;
            return (
              <Table.Th
                key={column.key}
                w={column.width}
                aria-sort={ariaSort}
                style={column.card === 'title' ? TITLE_STYLE : undefined}
              >
                {column.sortProperty ? (
                  <UnstyledButton
                    onClick={() => onSort(nextSort(sort, column.sortProperty as string))}
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
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {visible.map((column) => (
              <Table.Td key={column.key}>{column.render(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
