import { Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A line in place of a widget's content: no data, no results, a filter to choose. */
export function WidgetMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Center mih={140} p="md">
      <Stack gap="sm" align="center">
        <Text c="dimmed" ta="center" size="sm">
          {children}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}
