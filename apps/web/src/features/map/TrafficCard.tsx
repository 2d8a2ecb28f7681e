import { Stack, Text, Title } from '@mantine/core';
import { type TTrafficJamProperties, trafficDelayMinutes } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../components/display';

/** Spec 001 §2 traffic card: street, speed, size, delay in minutes; delay -1 means the road is closed. */
export function TrafficCard({ jam }: { jam: TTrafficJamProperties }) {
  const { t } = useTranslation();
  const delay = trafficDelayMinutes(jam.delay);
  const rows: [string, string][] = [
    [t('map.traffic.speed'), t('map.traffic.speedValue', { value: Math.round(jam.speedKmh) })],
    [t('map.traffic.length'), t('map.traffic.lengthValue', { value: Math.round(jam.length) })],
    [
      t('map.traffic.delay'),
      delay === 'CLOSED' ? t('map.traffic.closed') : t('map.traffic.delayValue', { count: delay }),
    ],
  ];
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed" fw={500}>
          {t('map.filter.traffic')}
        </Text>
        <Title order={2} size="h3" mt={4}>
          {jam.street ?? t('map.traffic.unnamedStreet')}
        </Title>
      </div>
      <DetailsTable rows={rows} />
    </Stack>
  );
}
