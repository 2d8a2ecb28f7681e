import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { can, type TPublicEvent } from '@mip/shared';
import { IconAlertTriangle, IconExternalLink, IconNavigation, IconPencil, IconView360 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DetailsTable } from '../../components/display';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { anchorOf, hasStreetViewKey, navigationLinks, streetViewUrl } from './incident-links';
import { usePublicEvent } from './usePublicEvents';

// Previews and viewers a visitor rarely needs: loaded when an incident has photos or files.
const DocumentSections = lazy(() =>
  import('../../components/files/DocumentSections').then((module) => ({ default: module.DocumentSections })),
);

/** A category's icon (a data URL of its SVG) beside its name. */
export function CategoryLabel({
  category,
  size = 20,
}: {
  category: { name: string; icon: string | null };
  size?: number;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {category.icon ? (
        <Image src={category.icon} alt="" w={size} h={size} fit="contain" />
      ) : (
        <IconAlertTriangle size={size} aria-hidden />
      )}
      <span>{category.name}</span>
    </Group>
  );
}

interface TIncidentCardProps {
  eventId: number;
  isShowingAlternatives: boolean;
  onShowAlternativesChange: (isShown: boolean) => void;
  onOpenSystem: (systemId: number) => void;
}

function IncidentDetails({
  event,
  isShowingAlternatives,
  onShowAlternativesChange,
  onOpenSystem,
}: Omit<TIncidentCardProps, 'eventId'> & { event: TPublicEvent }) {
  const { t } = useTranslation();
  const session = useSession();
  const config = useAppConfiguration();
  const appPath = useAppPath();
  const canManage = session !== null && can(session, { all: ['MANAGE_EVENTS'] });
  const formatDate = (value: string | null) =>
    value ? formatDateTime(value, session?.timeZone, INCIDENT_DATE_FORMAT) : t('incidents.card.noEnd');
  const hasAlternatives = event.geojson.features.some((feature) => feature.properties.isAlternative);
  const anchor = anchorOf(event.geojson);
  const hasDocuments = event.files.length > 0 || event.documents.length > 0;

  const rows: [string, string][] = [
    [t('incidents.fields.status'), t(`eventVocab.status.${event.status}`)],
    [t('incidents.fields.priority'), t(`eventVocab.priority.${event.priority}`)],
    [t('incidents.fields.from'), formatDate(event.fromTimestamp)],
    [t('incidents.fields.to'), formatDate(event.toTimestamp)],
    ...(event.direction
      ? ([[t('incidents.fields.direction'), t(`eventVocab.direction.${event.direction}`)]] as [string, string][])
      : []),
  ];

  return (
    <Stack gap="md" data-testid="incident-card">
      <div>
        <Text size="sm" c="dimmed" fw={500} component="div">
          <CategoryLabel category={event.category} />
        </Text>
        <Title order={2} size="h3" mt={4}>
          {event.title}
        </Title>
        <Badge mt={6} variant="dot" color={event.isFuture ? 'red' : 'orange'} tt="none" size="md">
          {t(event.isFuture ? 'incidents.kind.future' : 'incidents.kind.current')}
        </Badge>
      </div>
      <DetailsTable label={t('incidents.card.details')} rows={rows} />
      {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
      {hasAlternatives && (
        <Switch
          checked={isShowingAlternatives}
          onChange={(change) => onShowAlternativesChange(change.currentTarget.checked)}
          label={t('incidents.card.showAlternatives')}
        />
      )}
      {event.affectedSystems.length > 0 && (
        <section aria-labelledby="incident-affected-systems">
          <Title order={3} size="h5" id="incident-affected-systems" mb={6}>
            {t('incidents.fields.affectedSystems')}
          </Title>
          <Stack gap={4}>
            {event.affectedSystems.map((system) => (
              <UnstyledButton key={system.id} onClick={() => onOpenSystem(system.id)}>
                <Paper withBorder px="sm" py={6}>
                  <Text size="sm" fw={500} c="brand">
                    {system.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {system.parentName}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        </section>
      )}
      {event.updates.length > 0 && (
        <section aria-labelledby="incident-updates">
          <Title order={3} size="h5" id="incident-updates" mb={6}>
            {t('incidents.card.updates')}
          </Title>
          <Stack gap="xs">
            {event.updates.map((update) => (
              <Paper key={update.id} withBorder p="xs">
                <Text size="xs" c="dimmed">
                  {formatDate(update.createdAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {update.message}
                </Text>
              </Paper>
            ))}
          </Stack>
        </section>
      )}
      {canManage && (
        <Stack gap="xs">
          <Button
            component="a"
            href={appPath(`/events/${event.id}`)}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconPencil size={16} />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            w="fit-content"
          >
            {t('incidents.card.edit')}
          </Button>
          {anchor && hasStreetViewKey(config.googleMapApiKey) && (
            <Anchor href={streetViewUrl(anchor)} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconView360 size={16} aria-hidden />
                {t('incidents.card.streetView')}
              </Group>
            </Anchor>
          )}
          {anchor && (
            <div>
              <Text size="sm" fw={500} mb={4}>
                <Group gap={4} component="span">
                  <IconNavigation size={16} aria-hidden />
                  {t('incidents.card.navigate')}
                </Group>
              </Text>
              <List size="sm" spacing={2} listStyleType="none">
                {navigationLinks(anchor).map((link) => (
                  <List.Item key={link.app}>
                    <Anchor href={link.url} target="_blank" rel="noopener noreferrer">
                      {t(`incidents.card.apps.${link.app}`)}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      )}
      {hasDocuments && (
        <Suspense fallback={<DelayedLoader />}>
          <DocumentSections
            ownerKind="EVENT"
            ownerId={event.id}
            photos={event.files}
            files={event.documents}
            canEdit={false}
            onChanged={() => undefined}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Spec 001 §2 incident card: GET /events/public/{id}. */
export function IncidentCard({ eventId, ...props }: TIncidentCardProps) {
  const { t } = useTranslation();
  const event = usePublicEvent(eventId);
  if (event.isError) {
    return (
      <Text c="dimmed" role="alert">
        {t('incidents.card.notFound')}{' '}
        <Anchor component="button" onClick={() => void event.refetch()}>
          {t('common.retry')}
        </Anchor>
      </Text>
    );
  }
  if (!event.data) return <DelayedLoader />;
  return <IncidentDetails event={event.data} {...props} />;
}
