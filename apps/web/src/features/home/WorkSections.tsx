import { Badge, Group } from '@mantine/core';
import { EVENT_PRIORITIES, type THomeWork } from '@mip/shared';
import { IconAlertTriangle, IconFileImport, IconFileSpreadsheet, IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { EventPriorityBadge, PRIORITY_COLOURS } from '../events/EventBadges';
import { liveEventsLinkState } from '../events/event-filters';
import { JobStatusBadge } from '../gtfs-import/ImportJobPanel';
import { ReportDownloadLink } from '../reports/ReportDownloadLink';
import { WorkCard, WorkItem } from './WorkCard';

type TSection<K extends keyof THomeWork> = NonNullable<THomeWork[K]>;

function useFormatDate() {
  const timeZone = useSession()?.timeZone;
  return (value: string | null) => (value ? formatDateTime(value, timeZone, INCIDENT_DATE_FORMAT) : '');
}

/** Citizen reports waiting for the user's entities; the list opens on the waiting ones by default. */
export function WaitingRequestsCard({ section }: { section: TSection<'eventRequests'> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <WorkCard
      icon={IconMessageReport}
      title={t('home.work.eventRequests.title')}
      description={t('home.work.eventRequests.description')}
      total={section.total}
      emptyText={t('home.work.eventRequests.empty')}
      list={{ path: '/event-request', label: t('home.work.eventRequests.all', { count: section.total }) }}
    >
      {section.items.map((request) => (
        <WorkItem
          key={request.id}
          to={`/event-request/${request.id}`}
          label={request.title}
          details={`${t('eventRequests.number', { id: request.id })} · ${request.category.name} · ${formatDate(request.date)}`}
        />
      ))}
    </WorkCard>
  );
}

/** The user's live events, the highest priority first, with how many there are of each priority. */
export function OpenEventsCard({ section }: { section: TSection<'events'> }) {
  const { t } = useTranslation();
  const tally = [...EVENT_PRIORITIES].reverse().filter((priority) => section.byPriority[priority] > 0);
  return (
    <WorkCard
      icon={IconAlertTriangle}
      title={t('home.work.events.title')}
      description={t('home.work.events.description')}
      total={section.total}
      emptyText={t('home.work.events.empty')}
      list={{
        path: '/events',
        state: liveEventsLinkState(),
        label: t('home.work.events.all', { count: section.total }),
      }}
      extra={
        tally.length > 0 && (
          <Group gap="xs" role="list" aria-label={t('home.work.events.byPriority')}>
            {tally.map((priority) => (
              <Badge
                key={priority}
                role="listitem"
                color={PRIORITY_COLOURS[priority]}
                autoContrast
                variant="filled"
                tt="none"
              >
                {t('home.work.events.priorityCount', {
                  priority: t(`eventVocab.priority.${priority}`),
                  count: section.byPriority[priority],
                })}
              </Badge>
            ))}
          </Group>
        )
      }
    >
      {section.items.map((event) => (
        <WorkItem
          key={event.id}
          to={`/events/${event.id}`}
          label={event.title}
          details={`${event.category.name} · ${t(`eventVocab.status.${event.status}`)}`}
          badge={<EventPriorityBadge priority={event.priority} />}
        />
      ))}
    </WorkCard>
  );
}

/** GTFS imports under way, and failed ones not yet tried again; each opens on the import screen. */
export function ImportsCard({ section }: { section: TSection<'gtfsImports'> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <WorkCard
      icon={IconFileImport}
      title={t('home.work.gtfsImports.title')}
      description={t('home.work.gtfsImports.description')}
      total={section.total}
      emptyText={t('home.work.gtfsImports.empty')}
      list={{ path: '/import-gtfs', label: t('home.work.gtfsImports.all') }}
    >
      {section.items.map((job) => (
        <WorkItem
          key={job.id}
          to={`/import-gtfs?job=${job.id}`}
          label={job.fileName}
          details={`${job.group.name} · ${formatDate(job.createdAt)}`}
          badge={<JobStatusBadge job={job} />}
        />
      ))}
    </WorkCard>
  );
}

/** The user's own background reports finished lately, each to download. */
export function ReadyReportsCard({ section }: { section: TSection<'reports'> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <WorkCard
      icon={IconFileSpreadsheet}
      title={t('home.work.reports.title')}
      description={t('home.work.reports.description')}
      total={section.total}
      emptyText={t('home.work.reports.empty')}
      list={{ path: '/reports', label: t('home.work.reports.all') }}
    >
      {section.items.map((job) => (
        <WorkItem
          key={job.id}
          label={job.template.name}
          details={`${t(`reports.formats.${job.format}`)} · ${formatDate(job.finishedAt)}`}
          badge={job.fileId !== null && <ReportDownloadLink fileId={job.fileId} name={job.template.name} />}
        />
      ))}
    </WorkCard>
  );
}
