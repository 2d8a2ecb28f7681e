import { Button } from '@mantine/core';
import type { TReportSchedule } from '@mip/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { useSession } from '../auth/session-store';
import { ReportJobModal } from './ReportJobProgress';
import { runScheduleNow } from './useReports';

/**
 * "Generate now": one generation of a schedule outside its recurrence. Its
 * owner follows it to the file; someone managing another user's schedule
 * is told where the file goes.
 */
export function GenerateNowButton({
  schedule,
  variant = 'default',
}: {
  schedule: Pick<TReportSchedule, 'id' | 'owner' | 'template'>;
  variant?: 'default' | 'subtle';
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [isBusy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);

  const handleClick = async () => {
    setBusy(true);
    try {
      const job = await runScheduleNow(schedule.id);
      if (schedule.owner.id === session?.id) setJobId(job.id);
      else
        notify({
          kind: 'success',
          title: t('common.success'),
          message: t('reports.generateNowQueued', { name: schedule.owner.name }),
        });
    } catch (error) {
      showServerError(t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {jobId !== null && (
        <ReportJobModal
          jobId={jobId}
          title={t('reports.generate.title', { name: schedule.template.name })}
          onClose={() => setJobId(null)}
        />
      )}
      <Button
        variant={variant}
        size={variant === 'subtle' ? 'compact-sm' : 'sm'}
        leftSection={<IconPlayerPlay size={16} />}
        loading={isBusy}
        onClick={handleClick}
        aria-label={t('reports.generateNowNamed', { name: schedule.template.name })}
      >
        {t('reports.generateNow')}
      </Button>
    </>
  );
}
