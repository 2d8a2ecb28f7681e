import { Alert, Badge, Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import type { TGtfsImportJob } from '@mip/shared';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { RowsProgress } from '../../components/RowsProgress';
import { showServerError } from '../../components/server-errors';
import { formatDateTime } from '../../lib/dates';
import { useFormatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { STATUS_COLOURS } from './gtfs-format';
import { cancelImport, confirmImport } from './useGtfsImports';
import { ValidationReport } from './ValidationReport';

export function JobStatusBadge({ job }: { job: Pick<TGtfsImportJob, 'status'> }) {
  const { t } = useTranslation();
  return (
    // max-content: a narrow history column would otherwise cut the status to "COM E…".
    <Badge color={STATUS_COLOURS[job.status]} variant="filled" autoContrast miw="max-content">
      {t(`gtfs.status.${job.status}`)}
    </Badge>
  );
}

/**
 * Phase and rows of a job at work, or of an import done (every row loaded);
 * an indeterminate bar while the total is not known yet.
 */
export function ImportProgress({ job }: { job: TGtfsImportJob }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const phase = job.phase ?? (job.status === 'QUEUED' ? null : 'READING');
  const total = job.rowsTotal && job.rowsTotal > 0 ? job.rowsTotal : null;
  return (
    <RowsProgress
      label={phase ? t(`gtfs.phases.${phase}`) : t('gtfs.status.QUEUED')}
      rowsText={
        total
          ? t('gtfs.job.rowsOf', { done: number(job.rowsDone), total: number(total) })
          : t('gtfs.job.rowsDone', { done: number(job.rowsDone) })
      }
      ariaLabel={t('gtfs.job.progressLabel')}
      percent={total ? Math.min(100, Math.round((job.rowsDone / total) * 100)) : null}
      isMoving={job.status === 'VALIDATING' || job.status === 'IMPORTING'}
    />
  );
}

/**
 * One import, whatever its state: the progress while it is checked or runs,
 * the report with confirm and cancel once checked, the outcome at the end.
 */
export function ImportJobPanel({ job, onClose }: { job: TGtfsImportJob; onClose: () => void }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const session = useSession();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const isRunning = job.status === 'VALIDATING' || job.status === 'QUEUED' || job.status === 'IMPORTING';
  const canCancel = isRunning || job.status === 'VALIDATED';
  const counts = job.report?.summary?.counts;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gtfs-imports'] });

  const handleConfirm = async () => {
    setBusy(true);
    try {
      await confirmImport(job.id);
      // The card says where the import is; the toast only that it was asked for, so the two never disagree.
      notify({ kind: 'success', title: t('gtfs.job.confirmedTitle'), message: t('gtfs.job.confirmed') });
      await refresh();
    } catch (error) {
      showServerError(t, error);
    } finally {
      setBusy(false);
    }
  };

  const handleCancel = async () => {
    const isSure = await confirmAction({
      title: t('gtfs.job.cancel'),
      message: t('gtfs.job.cancelQuestion'),
      confirmLabel: t('gtfs.job.cancel'),
      isDanger: true,
    });
    if (!isSure) return;
    setBusy(true);
    try {
      // A running job stops at its next step: until then the card still shows it at work, and so does the toast.
      const cancelled = await cancelImport(job.id);
      notify({
        kind: 'info',
        title: t(cancelled.status === 'CANCELLED' ? 'gtfs.job.cancelled' : 'gtfs.job.cancelRequested'),
      });
      await refresh();
    } catch (error) {
      showServerError(t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" role="region" aria-labelledby={`gtfs-job-${job.id}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h4" id={`gtfs-job-${job.id}`}>
                {t('gtfs.job.title', { file: job.fileName, group: job.group.name })}
              </Title>
              <JobStatusBadge job={job} />
            </Group>
            <Text size="sm" c="dimmed">
              {job.createdBy
                ? t('gtfs.job.uploadedBy', {
                    name: job.createdBy.name,
                    date: formatDateTime(job.createdAt, session?.timeZone),
                  })
                : t('gtfs.job.uploadedBySystem', { date: formatDateTime(job.createdAt, session?.timeZone) })}
            </Text>
          </Stack>
          {!isRunning && <CloseButton aria-label={t('gtfs.job.close')} onClick={onClose} />}
        </Group>

        {(isRunning || job.status === 'SUCCEEDED') && <ImportProgress job={job} />}

        {job.status === 'VALIDATED' && (
          <Alert color="blue" icon={<IconCircleCheck size={18} aria-hidden />}>
            {t('gtfs.job.validated')}
          </Alert>
        )}
        {job.status === 'INVALID' && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
            {t('gtfs.job.invalid')}
          </Alert>
        )}
        {job.status === 'SUCCEEDED' && counts && (
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
            {t('gtfs.job.succeeded', {
              stops: number(counts.stops),
              routes: number(counts.routes),
              trips: number(counts.trips),
              stopTimes: number(counts.stopTimes),
            })}
          </Alert>
        )}
        {!!job.serviceYearsMoved && (
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('gtfs.job.demoDatesMoved', { count: job.serviceYearsMoved })}
          </Alert>
        )}
        {job.status === 'FAILED' && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
            {t(`gtfs.failures.${job.failureCode ?? 'INTERNAL_ERROR'}`)} {t('gtfs.job.keepsOldFeed')}
          </Alert>
        )}
        {job.status === 'CANCELLED' && (
          <Alert color="gray" icon={<IconX size={18} aria-hidden />}>
            {t('gtfs.job.cancelled')} {t('gtfs.job.keepsOldFeed')}
          </Alert>
        )}

        {(job.status === 'VALIDATED' || canCancel) && (
          <Group gap="sm">
            {job.status === 'VALIDATED' && (
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={handleConfirm} loading={isBusy}>
                {t('gtfs.job.confirm')}
              </Button>
            )}
            {canCancel && (
              <Button variant="default" color="red" onClick={handleCancel} disabled={isBusy}>
                {t('gtfs.job.cancel')}
              </Button>
            )}
          </Group>
        )}

        {job.report && <ValidationReport report={job.report} />}
      </Stack>
    </Card>
  );
}
