import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TEventRequest } from '@mip/shared';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { NoValue } from '../../components/display';
import { DocumentSections } from '../../components/files/DocumentSections';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { AcceptRequestModal } from './AcceptRequestModal';
import { RejectRequestModal } from './RejectRequestModal';
import { RequestLocationMap } from './RequestLocationMap';
import { RequestStatusBadge } from './RequestStatusBadge';
import { useEventRequest } from './useEventRequests';

/** Label and value pairs of a read-only record, as a description list. */
function Details({ items }: { items: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <Stack component="dl" gap="sm" m={0}>
      {items.map((item) => (
        <div key={item.key} data-testid={`request-${item.key}`}>
          <Text component="dt" size="sm" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value || <NoValue />}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** What became of a closed request: who closed it and when, and the event or the reason. */
function ClosedNotice({ request }: { request: TEventRequest }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const isAccepted = request.status === 'ACCEPTED';
  return (
    <Alert
      color={isAccepted ? 'teal' : 'red'}
      variant="light"
      // Tinted title text is too faint on the tinted background (WCAG AA): the colour stays on the icon.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={isAccepted ? <IconCheck size={18} /> : <IconX size={18} />}
      title={t(isAccepted ? 'eventRequests.closed.accepted' : 'eventRequests.closed.rejected')}
      data-testid="request-closed"
    >
      <Stack gap={6}>
        <Text size="sm">
          {t('eventRequests.closed.by', {
            name: request.closedBy?.name ?? t('eventRequests.closed.unknownUser'),
            date: formatDateTime(request.closedAt, session?.timeZone, INCIDENT_DATE_FORMAT),
          })}
        </Text>
        {request.reason && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="request-reason">
            <strong>{t('eventRequests.fields.reason')}:</strong> {request.reason}
          </Text>
        )}
        {request.event && (
          <Anchor
            component={Link}
            to={appPath(`/events/${request.event.id}`)}
            size="sm"
            fw={600}
            data-testid="request-event-link"
          >
            <Group gap={4} component="span" wrap="nowrap" display="inline-flex">
              {t('eventRequests.closed.eventLink', { id: request.event.id, title: request.event.title })}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** /event-request/{id}: a citizen report, read-only, with accept and reject while it is pending (spec 001 §2, §4). */
export default function EventRequestDetailPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const session = useSession();
  const loaded = useEventRequest(id);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);

  if (id === null || loaded.isError)
    return <RecordLoadFailure query={loaded} notFoundText={t('eventRequests.notFound')} />;
  if (loaded.isPending) return <DelayedLoader />;

  const request = loaded.data;
  const formatDate = (value: string | null) => formatDateTime(value, session?.timeZone, INCIDENT_DATE_FORMAT);
  const isPending = request.status === 'PENDING';

  return (
    <Stack gap="md" maw={1100}>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} miw={0} style={{ flex: '1 1 280px' }}>
            <Text size="sm" c="dimmed">
              {t('eventRequests.number', { id: request.id })}
            </Text>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {request.title}
            </Title>
            <Group gap="xs">
              <RequestStatusBadge status={request.status} />
            </Group>
          </Stack>
          {isPending && (
            <Group gap="sm">
              <Button leftSection={<IconCheck size={16} />} onClick={() => setDialog('accept')}>
                {t('eventRequests.accept.button')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconX size={16} color="var(--mantine-color-red-7)" />}
                onClick={() => setDialog('reject')}
              >
                {t('eventRequests.reject.button')}
              </Button>
            </Group>
          )}
        </Group>
      </Card>

      {!isPending && <ClosedNotice request={request} />}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TitledSection id="request-details" title={t('eventRequests.sections.request')}>
          <Details
            items={[
              { key: 'category', label: t('eventRequests.fields.category'), value: request.category.name },
              {
                key: 'description',
                label: t('eventRequests.fields.description'),
                value: (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {request.description}
                  </Text>
                ),
              },
              { key: 'date', label: t('eventRequests.fields.date'), value: formatDate(request.date) },
              { key: 'lastUpdate', label: t('eventRequests.fields.lastUpdate'), value: formatDate(request.lastUpdate) },
              {
                key: 'affectedSystems',
                label: t('eventRequests.fields.affectedSystems'),
                value:
                  request.affectedSystems.length > 0 ? (
                    <Stack gap={2} component="ul" m={0} pl="md">
                      {request.affectedSystems.map((system) => (
                        <Text key={system.id} component="li" size="sm">
                          {system.name}{' '}
                          <Text span size="sm" c="dimmed">
                            ({system.parentName})
                          </Text>
                        </Text>
                      ))}
                    </Stack>
                  ) : null,
              },
            ]}
          />
        </TitledSection>
        <Stack gap="md">
          <TitledSection id="request-reporter" title={t('eventRequests.sections.reporter')}>
            <Details
              items={[
                {
                  key: 'participantName',
                  label: t('eventRequests.fields.reporterName'),
                  value: request.participantName,
                },
                {
                  key: 'participantEmail',
                  label: t('eventRequests.fields.participantEmail'),
                  value: (
                    <Anchor href={`mailto:${request.participantEmail}`} size="sm">
                      {request.participantEmail}
                    </Anchor>
                  ),
                },
              ]}
            />
          </TitledSection>
          <TitledSection id="request-handling" title={t('eventRequests.sections.handling')}>
            <Details
              items={[
                {
                  key: 'responsibleEntity',
                  label: t('eventRequests.fields.responsibleEntity'),
                  value: request.category.initialAgentEntity?.name,
                },
                {
                  key: 'agent',
                  label: t('eventRequests.fields.agent'),
                  value: request.category.initialAgent?.name,
                },
              ]}
            />
          </TitledSection>
        </Stack>
      </SimpleGrid>

      <TitledSection id="request-location" title={t('eventRequests.sections.location')}>
        {request.geometry ? (
          <RequestLocationMap geometry={request.geometry} label={t('eventRequests.locationMap')} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('eventRequests.noLocation')}
          </Text>
        )}
      </TitledSection>

      <DocumentSections
        ownerKind="EVENT_REQUEST"
        ownerId={request.id}
        photos={request.images}
        canEdit={false}
        onChanged={() => loaded.refetch()}
      />

      {isPending && (
        <>
          <AcceptRequestModal request={request} opened={dialog === 'accept'} onClose={() => setDialog(null)} />
          <RejectRequestModal request={request} opened={dialog === 'reject'} onClose={() => setDialog(null)} />
        </>
      )}
    </Stack>
  );
}
