import { Group, Progress, Stack, Text } from '@mantine/core';

/**
 * A background job's step and rows as a labelled bar (a GTFS import, a
 * report's run): measured while its share done is known, full and striped
 * while it is not. The bar carries its own ARIA, since a full indeterminate
 * bar is not a job done.
 */
export function RowsProgress({
  label,
  rowsText,
  ariaLabel,
  percent,
  isMoving,
  color,
}: {
  /** The job's step or state, above the bar. */
  label: string;
  /** "1 234 de 5 678 linhas", beside the label. */
  rowsText: string;
  ariaLabel: string;
  /** Null while the total is unknown. */
  percent: number | null;
  isMoving: boolean;
  color?: string;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {rowsText}
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent ?? 100}
          striped={isMoving && percent === null}
          animated={isMoving}
          color={color}
          withAria={false}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-label={ariaLabel}
          aria-valuetext={`${label}: ${percent === null ? rowsText : `${percent}%`}`}
        />
      </Progress.Root>
    </Stack>
  );
}
