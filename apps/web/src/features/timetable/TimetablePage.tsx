import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { StopDepartures } from './StopDepartures';
import { Timetable } from './Timetable';
import { usePublicSystem } from './useSchedule';

/** /timetable/:systemId[?date=YYYY-MM-DD] — a stop's or a route's timetable on a page of its own, open to everyone. */
export default function TimetablePage() {
  const { t } = useTranslation();
  const { systemId } = useParams();
  const [searchParams] = useSearchParams();
  // ?date=YYYY-MM-DD opens the timetable of that day (links to a given day's service).
  const requestedDate = searchParams.get('date');
  const initialDate = requestedDate && /^\d{4}-\d{2}-\d{2}$/.test(requestedDate) ? requestedDate : null;
  const id = Number(systemId);
  const system = usePublicSystem(Number.isInteger(id) && id > 0 ? id : null);
  if (system.isLoading) return <DelayedLoader />;
  if (!system.data) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('timetable.notFound')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {system.data.name}
        </Title>
        <Text c="dimmed" fz="sm">
          {system.data.parent.name}
        </Text>
      </Stack>
      {/* Opened on no particular day, a stop's page starts where its card does: what leaves next. */}
      {system.data.systemType === 'STOP' && !initialDate && <StopDepartures stopId={system.data.id} />}
      <Timetable systemId={system.data.id} systemType={system.data.systemType} initialDate={initialDate} />
    </Stack>
  );
}
