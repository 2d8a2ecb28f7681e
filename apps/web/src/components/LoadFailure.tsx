import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from './failure';

/** What the screen needs of the query that failed: its error, and a way to ask again. */
export interface TFailedQuery {
  error: unknown;
  isFetching?: boolean;
  refetch: () => unknown;
}

/**
 * Where a list or a record would be, the spec's error surface (000 §8): 'Something
 * Went Wrong!' with the server's message, or "no connection" (§8.6), each with a
 * way to try again, so a failed load never reads as an empty list.
 */
export function LoadFailure({ query }: { query: TFailedQuery }) {
  const { t } = useTranslation();
  const failure = describeFailure(t, query.error);
  return (
    <Paper withBorder p="lg" role="alert" data-testid="load-failure">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon variant="light" color={failure.kind === 'offline' ? 'gray' : 'red'} size="xl" radius="xl">
          {failure.kind === 'offline' ? <IconWifiOff aria-hidden /> : <IconAlertTriangle aria-hidden />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {failure.title}
        </Title>
        <Text>{failure.message}</Text>
        {failure.details.map((detail) => (
          <Text key={detail} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        ))}
        {failure.kind !== 'notFound' && failure.kind !== 'forbidden' && (
          <Button mt="xs" variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
