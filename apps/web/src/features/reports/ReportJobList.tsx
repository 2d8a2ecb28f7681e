import { Stack, Text } from '@mantine/core';
import type { TReportJob } from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { ReportDownloadLink } from './ReportDownloadLink';
import { JobProgressBar, JobStatusBadge, splitJobError } from './ReportJobProgress';
import { useReportJobs } from './useReports';

const JOBS_PAGE_SIZE = 10;

function JobOutcome({ job }: { job: TReportJob }) {
  const { t } = useTranslation();
  if (job.status === 'QUEUED' || job.status === 'RUNNING') return <JobProgressBar job={job} />;
  if (job.status === 'FAILED') {
    const { code } = splitJobError(job.error);
    return (
      <Text size="sm" c="var(--mantine-color-error)">
        {t([`reports.jobErrors.${code}`, `errors.${code}`, 'reports.job.failedUnknown'])}
      </Text>
    );
  }
  if (job.fileId === null) return <Text size="sm">{t('reports.job.fileDeleted')}</Text>;
  return <ReportDownloadLink fileId={job.fileId} name={job.template.name} />;
}

/** "My recent generations": the user's background reports, the running ones with their progress. */
export function ReportJobList() {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(0);
  const jobs = useReportJobs(page, JOBS_PAGE_SIZE);

  const columns: TColumn<TReportJob>[] = [
    {
      key: 'template',
      card: 'title',
      title: t('reports.fields.template'),
      render: (job) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {job.template.name}
          </Text>
          {job.scheduleId !== null && (
            <Text size="xs" c="dimmed">
              {t('reports.job.fromSchedule')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'format', title: t('reports.fields.format'), render: (job) => t(`reports.formats.${job.format}`) },
    {
      key: 'status',
      card: 'badge',
      title: t('reports.fields.status'),
      render: (job) => <JobStatusBadge status={job.status} />,
    },
    {
      key: 'outcome',
      card: 'wide',
      title: t('reports.fields.outcome'),
      width: 280,
      render: (job) => <JobOutcome job={job} />,
    },
    {
      key: 'createdAt',
      title: t('reports.fields.requestedAt'),
      render: (job) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(job.createdAt, session?.timeZone)}
        </Text>
      ),
    },
  ];

  return (
    <DataTable
      caption={t('reports.jobs.title')}
      columns={columns}
      page={jobs.data}
      query={jobs}
      currentPage={page}
      sort={null}
      isLoading={jobs.isFetching && !jobs.data}
      emptyText={t('reports.jobs.none')}
      rowKey={(job) => job.id}
      onSort={() => {}}
      onPage={setPage}
    />
  );
}
