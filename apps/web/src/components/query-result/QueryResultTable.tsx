import { Center, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TQueryResult } from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth/session-store';
import { NoValue } from '../display';
import { TablePagination } from '../table/TablePagination';
import { formatResultCell } from './result-cells';

/**
 * A query's rows as a table, paged in the browser (the whole result is
 * already here), each value written by its column's type.
 */
export function QueryResultTable({
  result,
  pageSize,
  caption,
  emptyText,
}: {
  result: Pick<TQueryResult, 'headers' | 'columnTypes' | 'rows'>;
  pageSize: number;
  caption: string;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(0);
  const totalPages = Math.max(1, Math.ceil(result.rows.length / pageSize));
  const current = Math.min(page, totalPages - 1);
  const rows = result.rows.slice(current * pageSize, (current + 1) * pageSize);
  const format = { language: i18n.language, timeZone: session?.timeZone, yes: t('common.yes'), no: t('common.no') };

  if (result.rows.length === 0) {
    return (
      <Center mih={120}>
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Center>
    );
  }
  return (
    <Stack gap="xs">
      {/* Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': caption }}>
        <Table striped verticalSpacing="xs" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {result.headers.map((header, index) => (
                <Table.Th
                  // biome-ignore lint/suspicious/noArrayIndexKey: a query may name two columns alike
                  key={index}
                  ta={result.columnTypes[index] === 'number' ? 'right' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
              <Table.Tr key={current * pageSize + rowIndex}>
                {result.headers.map((_, index) => {
                  const text = formatResultCell(row[index], result.columnTypes[index], format);
                  return (
                    <Table.Td
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the headers
                      key={index}
                      ta={result.columnTypes[index] === 'number' ? 'right' : undefined}
                    >
                      {text === '' ? <NoValue /> : text}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <TablePagination page={current} totalPages={totalPages} totalItems={result.rows.length} onChange={setPage} />
    </Stack>
  );
}
