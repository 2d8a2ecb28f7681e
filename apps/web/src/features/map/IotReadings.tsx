import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_IOT_HISTORY_HOURS, IOT_HISTORY_HOURS } from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { useSystemReadings } from '../iot-queues/useIotQueues';

/** The system card's IOT parameters: live value (refreshed every 15 s) and a small chart of the last hours. */
export function IotReadings({ systemId }: { systemId: number }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [hours, setHours] = useState<number>(DEFAULT_IOT_HISTORY_HOURS);
  const readings = useSystemReadings(systemId, hours);
  if (!readings.data || readings.data.length === 0) return null;
  return (
    <section aria-labelledby="system-live-readings">
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Title order={3} size="h5" id="system-live-readings">
          {t('iotQueues.card.title')}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('iotQueues.card.period')}
          value={String(hours)}
          onChange={(value) => setHours(Number(value))}
          data={IOT_HISTORY_HOURS.map((h) => ({ value: String(h), label: t('iotQueues.card.hours', { count: h }) }))}
        />
      </Group>
      <Stack gap="xs">
        {readings.data.map((parameter) => (
          <Paper key={parameter.parameterId} withBorder p="sm" data-testid="iot-reading">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed">
                  {parameter.name}
                </Text>
                <Text size="xl" fw={700} data-testid="iot-live-value">
                  {parameter.latest
                    ? formatNumber(parameter.latest.value, i18n.language, { maximumFractionDigits: 3 })
                    : '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {parameter.latest
                    ? t('iotQueues.card.observedAt', {
                        at: formatDateTime(parameter.latest.observedAt, session?.timeZone),
                      })
                    : t('iotQueues.card.noReadings')}
                </Text>
              </div>
              {parameter.points.length > 1 && (
                <Sparkline
                  w={140}
                  h={48}
                  data={parameter.points.map((point) => point.value)}
                  curveType="linear"
                  color="teal"
                  fillOpacity={0.25}
                  strokeWidth={1.5}
                  aria-label={t('iotQueues.card.chart', { name: parameter.name, count: hours })}
                  role="img"
                />
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
