import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, type TTrafficFeedStatus } from '@mip/shared';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { NoValue, StatusBadge } from '../../components/display';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { formatDateTime } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { refreshTrafficFeed, useTrafficFeedStatus } from './useLayers';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * The Waze traffic feed as the poller sees it: on or off, when it last
 * worked, why it last failed; and a button to read it now.
 */
export function TrafficFeedCard() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const status = useTrafficFeedStatus();
  const refresh = useMutation({
    mutationFn: refreshTrafficFeed,
    onSuccess: (next: TTrafficFeedStatus) => {
      queryClient.setQueryData(['traffic-feed', 'status'], next);
      if (next.isFailing) {
        notify({
          kind: 'error',
          title: t('layers.traffic.refreshFailed'),
          message: next.lastFailureCode ? t(`layers.traffic.failures.${next.lastFailureCode}`) : undefined,
        });
      } else {
        notify({
          kind: 'success',
          title: t('common.success'),
          message: t('layers.traffic.refreshed', { count: next.jamCount }),
        });
      }
    },
    onError: (error) => showServerError(t, error),
  });
  const timeZone = session?.timeZone;
  const data = status.data;
  const when = (value: string | null) => (value ? formatDateTime(value, timeZone) : <NoValue />);
  const canConfigure = can(session, { all: ['WRITE_CONFIGURATION'] });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="traffic-feed-title" data-testid="traffic-feed">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4" id="traffic-feed-title">
              {t('layers.traffic.title')}
            </Title>
            {data && (
              <StatusBadge
                label={t(data.isEnabled ? 'layers.traffic.on' : 'layers.traffic.off')}
                isPositive={data.isEnabled && data.isConfigured}
              />
            )}
          </Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={refresh.isPending}
            disabled={!data?.isEnabled || !data.isConfigured}
            onClick={() => refresh.mutate()}
          >
            {t('layers.traffic.refresh')}
          </Button>
        </Group>
        {data && (!data.isEnabled || !data.isConfigured) && (
          <Text size="sm">
            {t(data.isEnabled ? 'layers.traffic.noUrl' : 'layers.traffic.disabled')}{' '}
            {canConfigure && (
              <Anchor component={Link} to={appPath('/configuration')} inherit>
                {t('layers.traffic.openConfiguration')}
              </Anchor>
            )}
          </Text>
        )}
        {data?.isFailing && data.lastFailureCode && (
          <Alert color="red" variant="light" title={t('layers.traffic.failing')}>
            <Text size="sm">{t(`layers.traffic.failures.${data.lastFailureCode}`)}</Text>
            {data.lastFailureDetail && (
              <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {data.lastFailureDetail}
              </Text>
            )}
          </Alert>
        )}
        {data && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label={t('layers.traffic.jams')}>{formatNumber(data.jamCount, i18n.language)}</Fact>
            <Fact label={t('layers.traffic.lastSuccess')}>{when(data.lastSuccessAt)}</Fact>
            <Fact label={t('layers.traffic.lastFailure')}>{when(data.lastFailureAt)}</Fact>
            <Fact label={t('layers.traffic.feedTime')}>{when(data.feedTime)}</Fact>
          </SimpleGrid>
        )}
        {data && data.skippedCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('layers.traffic.skipped', { count: data.skippedCount })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
