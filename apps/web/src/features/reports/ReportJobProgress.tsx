import { Alert, Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { TReportJob } from '@mip/shared';
import { IconAlertCircle, IconDownload, IconFolder } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { RowsProgress } from '../../components/RowsProgress';
import { useFormatNumber } from '../../lib/numbers';
import { useUserFileDownload } from '../personal-files/usePersonalFiles';
import { JOB_STATUS_COLOURS } from './report-format';
import { isJobFinished, useReportJob } from './useReports';

export function JobStatusBadge({ status }: Pick<TReportJob, 'status'>) {
  const { t } = useTranslation();
  return (
    // max-content: a narrow table column would otherwise cut the status to "RE…".
    <Badge color={JOB_STATUS_COLOURS[status]} variant="filled" autoContrast miw="max-content">
      {t(`reports.jobStatus.${status}`)}
    </Badge>
  );
}

/** A failed job's error, `CODE: database message`, split for the catalog text and the author's detail. */
export function splitJobError(error: string | null): { code: string; detail: string | null } {
  if (!error) return { code: 'INTERNAL_ERROR', detail: null };
  const at = error.indexOf(': ');
  return at < 0 ? { code: error, detail: null } : { code: error.slice(0, at), detail: error.slice(at + 2) };
}

/** Rows so far as a bar: measured against the count taken first, indeterminate while it is unknown. */
export function JobProgressBar({ job }: { job: TReportJob }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const total = job.rowsTotal && job.rowsTotal > 0 ? job.rowsTotal : null;
  const percent = job.status === 'DONE' ? 100 : Math.round(job.progress);
  const isMoving = job.status === 'QUEUED' || job.status === 'RUNNING';
  return (
    <RowsProgress
      label={t(`reports.jobStatus.${job.status}`)}
      rowsText={
        total
          ? t('reports.job.rowsOf', { done: number(job.rowsDone), total: number(total) })
          : t('reports.job.rowsDone', { done: number(job.rowsDone) })
      }
      ariaLabel={t('reports.job.progressLabel', { name: job.template.name })}
      percent={total || job.status === 'DONE' ? percent : null}
      isMoving={isMoving}
      color={job.status === 'FAILED' ? 'red' : undefined}
    />
  );
}

/** Where a finished job's file is: download it now, or find it later in the personal files. */
export function JobFileActions({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const { isDownloading, download } = useUserFileDownload(fileId);
  return (
    <Group gap="sm">
      <Button leftSection={<IconDownload size={16} />} onClick={download} loading={isDownloading}>
        {t('reports.job.download')}
      </Button>
      <Button component={Link} to={appPath('/personal/files')} variant="default" leftSection={<IconFolder size={16} />}>
        {t('reports.job.openFiles')}
      </Button>
    </Group>
  );
}

/** A failed job: the spec's text for its code, and what the database said. */
export function JobFailure({ job }: { job: TReportJob }) {
  const { t } = useTranslation();
  const { code, detail } = splitJobError(job.error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('reports.job.failed')}>
      <Stack gap={6}>
        <Text size="sm">{t([`reports.jobErrors.${code}`, `errors.${code}`, 'reports.job.failedUnknown'])}</Text>
        {detail && <Code block>{detail}</Code>}
      </Stack>
    </Alert>
  );
}

/** One background generation: its bar while it runs, then its file or what went wrong. */
export function ReportJobProgress({ job }: { job: TReportJob }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isFinished = isJobFinished(job);
  // Its end brought a notification and (when done) a file: the bell and the lists show them now.
  useEffect(() => {
    if (!isFinished) return;
    for (const queryKey of [['notifications'], ['personal-files'], ['report-jobs', 'list'], ['report-schedules']])
      void queryClient.invalidateQueries({ queryKey });
  }, [isFinished, queryClient]);
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <JobProgressBar job={job} />
      {job.status === 'QUEUED' && (
        <Text size="sm" c="dimmed">
          {t('reports.job.queuedHelp')}
        </Text>
      )}
      {job.status === 'DONE' && (
        <>
          <Text size="sm">{t('reports.job.ready')}</Text>
          {job.fileId !== null && <JobFileActions fileId={job.fileId} />}
        </>
      )}
      {job.status === 'FAILED' && <JobFailure job={job} />}
    </Stack>
  );
}

/** A generation asked for from a list ("generate now"), followed in a dialog until its file is there. */
export function ReportJobModal({ jobId, title, onClose }: { jobId: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const job = useReportJob(jobId);
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        {job.data ? <ReportJobProgress job={job.data} /> : <Text size="sm">{t('reports.jobStatus.QUEUED')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reports.generate.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
