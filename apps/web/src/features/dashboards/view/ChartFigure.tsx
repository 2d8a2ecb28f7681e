import { Box } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * A chart as one image to assistive technology, named by what it shows (its
 * type, title and values); the table view offers the same data to read.
 */
export function ChartFigure({
  label,
  children,
  ref,
}: {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Box ref={ref} role="img" aria-label={label} w="100%">
      {children}
    </Box>
  );
}
