import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a screen or form: a bordered card that its title names for screen readers. */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
