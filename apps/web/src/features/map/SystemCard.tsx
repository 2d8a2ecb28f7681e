import { Anchor, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { CURRENT_EVENT_COLOUR, can, type TMobilitySystem, type TParameter } from '@mip/shared';
import { IconAlertTriangle, IconChartPie, IconMessageReport, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DetailsTable } from '../../components/display';
import { useSession } from '../auth/session-store';
import { GroupIcon } from '../mobility-groups/GroupIcon';
import { usePublicSystem } from '../timetable/useSchedule';

// Its chart library is a quarter of a megabyte: only a card with a sensor fetches it.
const IotReadings = lazy(() => import('./IotReadings').then((module) => ({ default: module.IotReadings })));

// Both pull in code a visitor rarely needs (date pickers, previews): loaded when a card shows them.
const Timetable = lazy(() => import('../timetable/Timetable').then((module) => ({ default: module.Timetable })));
const DocumentSections = lazy(() =>
  import('../../components/files/DocumentSections').then((module) => ({ default: module.DocumentSections })),
);
// Only a stop's card has a departure board.
const StopDepartures = lazy(() =>
  import('../timetable/StopDepartures').then((module) => ({ default: module.StopDepartures })),
);
// Charts are heavy and few systems have a dashboard: loaded when one is opened.
const SystemDashboardModal = lazy(() => import('./SystemDashboardModal'));

function ParameterValue({ parameter }: { parameter: TParameter }) {
  const { t } = useTranslation();
  if (parameter.value === null || parameter.value === '') return <Text c="dimmed">—</Text>;
  if (parameter.type === 'BOOLEAN') return <>{t(parameter.value === 'true' ? 'common.yes' : 'common.no')}</>;
  return <>{parameter.value}</>;
}

/** What the map offers from a system card: its incidents, and a report about the system. */
export interface TSystemCardActions {
  onOpenIncident: (eventId: number) => void;
  /** Absent when reporting is off (allowEventReporting). */
  onReport?: (systemId: number) => void;
}

/** The incidents affecting the system now (activeEvents), each opening its card. */
function ActiveEvents({ system, onOpenIncident }: { system: TMobilitySystem; onOpenIncident: (id: number) => void }) {
  const { t } = useTranslation();
  if (system.activeEvents.length === 0) return null;
  return (
    <section aria-labelledby="system-active-events">
      <Title order={3} size="h5" id="system-active-events" mb={6}>
        {t('map.card.activeEvents')}
      </Title>
      <Stack gap={4}>
        {system.activeEvents.map((event) => (
          <UnstyledButton key={event.id} onClick={() => onOpenIncident(event.id)}>
            <Paper withBorder px="sm" py={6} style={{ borderLeft: `4px solid ${CURRENT_EVENT_COLOUR}` }}>
              <Group gap={6} wrap="nowrap">
                <IconAlertTriangle size={16} aria-hidden />
                <Text size="sm" fw={500}>
                  {event.title}
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
    </section>
  );
}

function SystemDetails({ system, actions }: { system: TMobilitySystem; actions: TSystemCardActions }) {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const canEdit = session !== null && can(session, { all: ['WRITE_MOBILITY_SYSTEM'] });
  const hasDocuments = system.documents.length > 0 || system.files.length > 0;
  const [isDashboardOpen, setDashboardOpen] = useState(false);
  return (
    <Stack gap="md">
      <div>
        <Group gap={6} wrap="nowrap">
          <GroupIcon icon={system.parent.icon} color={system.parent.color} size={20} />
          <Text size="sm" c="dimmed" fw={500}>
            {system.parent.name}
          </Text>
        </Group>
        <Title order={2} size="h3" mt={4}>
          {system.name}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`map.systemTypes.${system.systemType}`)}
        </Text>
      </div>
      {/* The actions come before anything the card still loads (departures, readings, timetable): placed
          under it, they moved as each answer came, and a click aimed at one landed on what took its place. */}
      {(actions.onReport || system.dashboardId !== null || canEdit) && (
        <Group gap="xs">
          {actions.onReport && (
            <Button
              variant="default"
              leftSection={<IconMessageReport size={16} />}
              onClick={() => actions.onReport?.(system.id)}
            >
              {t('map.card.report')}
            </Button>
          )}
          {system.dashboardId !== null && (
            <Button variant="default" leftSection={<IconChartPie size={16} />} onClick={() => setDashboardOpen(true)}>
              {t('map.card.dashboard')}
            </Button>
          )}
          {canEdit && (
            <Button
              component={Link}
              to={appPath(`/mobile-systems/${system.id}`)}
              variant="light"
              leftSection={<IconPencil size={16} />}
            >
              {t('map.card.edit')}
            </Button>
          )}
        </Group>
      )}
      {system.systemType === 'STOP' && (
        <Suspense fallback={<DelayedLoader minHeight={60} />}>
          <StopDepartures stopId={system.id} />
        </Suspense>
      )}
      {system.description && <Text style={{ whiteSpace: 'pre-line' }}>{system.description}</Text>}
      {system.parameters.some((parameter) => parameter.type !== 'IOT') && (
        <DetailsTable
          label={t('map.card.parameters')}
          // IOT parameters show their live value and chart below instead.
          rows={system.parameters
            .filter((parameter) => parameter.type !== 'IOT')
            .map((parameter) => [parameter.name, <ParameterValue key={parameter.id} parameter={parameter} />])}
        />
      )}
      {system.parameters.some((parameter) => parameter.type === 'IOT') && (
        <Suspense fallback={null}>
          <IotReadings systemId={system.id} />
        </Suspense>
      )}
      <ActiveEvents system={system} onOpenIncident={actions.onOpenIncident} />
      <Suspense fallback={<DelayedLoader />}>
        {hasDocuments && (
          <DocumentSections
            ownerKind="MOBILITY_SYSTEM"
            ownerId={system.id}
            photos={system.documents}
            files={system.files}
            canEdit={false}
            onChanged={() => undefined}
          />
        )}
        {system.systemType !== 'OTHER' && <Timetable systemId={system.id} systemType={system.systemType} isCompact />}
        {isDashboardOpen && system.dashboardId !== null && (
          <SystemDashboardModal dashboardId={system.dashboardId} onClose={() => setDashboardOpen(false)} />
        )}
      </Suspense>
    </Stack>
  );
}

/** Spec 001 §2 system card: GET /mobility-system/{id}/details. */
export function SystemCard({ systemId, actions }: { systemId: number; actions: TSystemCardActions }) {
  const { t } = useTranslation();
  const system = usePublicSystem(systemId);
  if (system.isError) {
    return (
      <Text c="dimmed" role="alert">
        {t('map.card.notFound')}{' '}
        <Anchor component="button" onClick={() => void system.refetch()}>
          {t('common.retry')}
        </Anchor>
      </Text>
    );
  }
  if (!system.data) return <DelayedLoader />;
  return <SystemDetails system={system.data} actions={actions} />;
}
