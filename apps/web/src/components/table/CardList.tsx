import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type TColumn, toCardLayout } from './columns';

/**
 * A list's rows as stacked cards, for screens too narrow for its columns:
 * the title with its status beside it, the fields that matter under it, and
 * the row's actions at its foot, all within the width of the screen.
 */
export function CardList<T>({
  caption,
  columns,
  rows,
  rowKey,
  renderCard,
}: {
  caption: string;
  columns: TColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** A list with a card of its own design shows that instead. */
  renderCard?: (row: T) => ReactNode;
}) {
  const layout = toCardLayout(columns);
  return (
    <Stack component="ul" aria-label={caption} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} data-testid="list-card">
          {renderCard ? (
            renderCard(row)
          ) : (
            <Paper withBorder p="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Group gap="xs" align="flex-start" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  {layout.select?.render(row)}
                  {layout.title && (
                    <Box miw={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {layout.title.render(row)}
                    </Box>
                  )}
                </Group>
                {layout.badges.length > 0 && (
                  <Stack gap={4} align="flex-end">
                    {layout.badges.map((column) => (
                      <Box key={column.key}>{column.render(row)}</Box>
                    ))}
                  </Stack>
                )}
              </Group>
              {layout.fields.length > 0 && (
                <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={6} mt="xs" mb={0}>
                  {layout.fields.map((column) => (
                    <Box key={column.key} miw={0} style={column.card === 'wide' ? { gridColumn: '1 / -1' } : undefined}>
                      <Text component="dt" size="xs" c="dimmed">
                        {column.title}
                      </Text>
                      <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {column.render(row)}
                      </Box>
                    </Box>
                  ))}
                </SimpleGrid>
              )}
              {layout.actions && (
                <Group justify="flex-end" mt="xs">
                  {layout.actions.render(row)}
                </Group>
              )}
            </Paper>
          )}
        </Box>
      ))}
    </Stack>
  );
}
