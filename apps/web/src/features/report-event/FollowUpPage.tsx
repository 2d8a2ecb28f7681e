import { Alert, Anchor, Badge, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TEventRequestFollowUp } from '@mip/shared';
import { IconCheck, IconInfoCircle, IconMapPin, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DetailsTable } from '../../components/display';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';

const STATUS_COLOURS: Record<TEventRequestFollowUp['status'], string> = {
  PENDING: 'blue.9',
  ACCEPTED: 'teal.9',
  REJECTED: 'gray.8',
};

/** Where a report stands, as steps a reporter recognises: sent, looked at, handled, resolved. */
function progressOf(report: TEventRequestFollowUp): number {
  if (report.status === 'PENDING') return 0;
  if (report.status === 'REJECTED' || !report.event) return 1;
  return report.event.status === 'RESOLVED' || report.event.status === 'CLOSED' ? 3 : 2;
}

function Progress({ report }: { report: TEventRequestFollowUp }) {
  const { t } = useTranslation();
  const session = useSession();
  const when = (value: string | null) => formatDateTime(value, session?.timeZone, INCIDENT_DATE_FORMAT);
  const isRejected = report.status === 'REJECTED';
  return (
    <Timeline active={progressOf(report)} bulletSize={22} lineWidth={2} color="teal.9">
      <Timeline.Item title={t('reportEvent.followUp.steps.sent')} bullet={<IconCheck size={12} />}>
        <Text fz="sm" c="dimmed">
          {when(report.createdAt)}
        </Text>
      </Timeline.Item>
      <Timeline.Item
        title={t(isRejected ? 'reportEvent.followUp.steps.rejected' : 'reportEvent.followUp.steps.reviewed')}
        bullet={isRejected ? <IconX size={12} /> : <IconCheck size={12} />}
        color={isRejected ? 'gray.7' : undefined}
      >
        <Text fz="sm" c="dimmed">
          {report.closedAt ? when(report.closedAt) : t('reportEvent.followUp.steps.waiting')}
        </Text>
      </Timeline.Item>
      {!isRejected && (
        <Timeline.Item title={t('reportEvent.followUp.steps.handling')} bullet={<IconCheck size={12} />} />
      )}
      {!isRejected && (
        <Timeline.Item title={t('reportEvent.followUp.steps.resolved')} bullet={<IconCheck size={12} />} />
      )}
    </Timeline>
  );
}

function Incident({ event }: { event: NonNullable<TEventRequestFollowUp['event']> }) {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            {t('reportEvent.followUp.incident')}
          </Title>
          <Badge variant="outline" color="teal.9">
            {t(`eventVocab.status.${event.status}`)}
          </Badge>
        </Group>
        <Text fw={500}>{event.title}</Text>
        {event.isOnMap && (
          <Anchor component={Link} to={appPath(`/?occurrence=${event.id}`)} fz="sm">
            <Group gap={4} component="span">
              <IconMapPin size={16} aria-hidden />
              {t('reportEvent.followUp.onMap')}
            </Group>
          </Anchor>
        )}
        <Title order={3} size="h6">
          {t('reportEvent.followUp.updates')}
        </Title>
        {event.comments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('reportEvent.followUp.noUpdates')}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {event.comments.map((comment) => (
              <li key={`${comment.createdAt}|${comment.message}`}>
                <Text fz="xs" c="dimmed">
                  {[formatDateTime(comment.createdAt, session?.timeZone, INCIDENT_DATE_FORMAT), comment.entity]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                  {comment.message}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /report/:token — a reporter's private page for their report: its state,
 * who handles it, why it was not accepted, or the incident it became and the
 * updates staff publish on it. Nothing personal: the link is the key.
 */
export default function FollowUpPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const report = useQuery({
    queryKey: ['event-request-follow-up', token],
    queryFn: ({ signal }) => api.get<TEventRequestFollowUp>(`event-requests/follow-up/${token}`, undefined, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (report.isLoading) return <DelayedLoader />;
  if (!report.data) {
    const isUnknown = report.error instanceof ApiError && report.error.status === 404;
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />} title={t('reportEvent.followUp.title')}>
        {t(isUnknown ? 'reportEvent.followUp.notFound' : 'reportEvent.followUp.loadError')}
      </Alert>
    );
  }
  const data = report.data;
  return (
    <Stack gap="md" maw={720}>
      <Stack gap={4}>
        <Text c="dimmed" fz="sm">
          {t('reportEvent.followUp.reference', { id: data.id })}
        </Text>
        <Title order={1} size="h3">
          {data.title}
        </Title>
        <Group gap="xs">
          <Badge color={STATUS_COLOURS[data.status]}>{t(`reportEvent.followUp.statuses.${data.status}`)}</Badge>
        </Group>
      </Stack>
      <DetailsTable
        label={t('reportEvent.followUp.details')}
        rows={[
          [t('reportEvent.fields.category'), data.category],
          [t('reportEvent.followUp.responsible'), data.responsibleEntity ?? t('reportEvent.followUp.noResponsible')],
        ]}
      />
      <Progress report={data} />
      {data.status === 'REJECTED' && data.reason && (
        <Alert color="gray" title={t('reportEvent.followUp.reason')}>
          {data.reason}
        </Alert>
      )}
      {data.event && <Incident event={data.event} />}
    </Stack>
  );
}
