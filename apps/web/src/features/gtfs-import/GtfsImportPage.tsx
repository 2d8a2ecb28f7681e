import { Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { DelayedLoader } from '../../components/DelayedLoader';
import { errorText, showServerError } from '../../components/server-errors';
import { MobilityGroupSelect } from '../mobility-groups/MobilityGroupSelect';
import { ImportHistory } from './ImportHistory';
import { ImportJobPanel } from './ImportJobPanel';
import { isFinished, uploadGtfsZip, useImportJob, useUnfinishedImports } from './useGtfsImports';

function UploadForm({ onUploaded }: { onUploaded: (jobId: number) => void }) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ groupId?: string; file?: string }>({});

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing = {
      groupId: groupId ? undefined : t('gtfs.upload.missingGroup'),
      file: file ? undefined : t('gtfs.upload.missingFile'),
    };
    setErrors(missing);
    if (!groupId || !file) return;
    setProgress(0);
    try {
      const job = await uploadGtfsZip(groupId, file, setProgress);
      setFile(null);
      onUploaded(job.id);
    } catch (error) {
      if (error instanceof ApiError && error.hasErrors) {
        const byField = Object.fromEntries(error.errors.map((e) => [e.property, errorText(t, e.error)]));
        setErrors({ groupId: byField.groupId, file: byField.file });
      } else showServerError(t, error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md" component="form" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('gtfs.upload.title')}
        </Title>
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <MobilityGroupSelect
            label={t('gtfs.upload.group')}
            placeholder={t('gtfs.upload.groupPlaceholder')}
            value={groupId}
            onChange={(value) => setGroupId(value)}
            error={errors.groupId}
            miw={240}
            withAsterisk
          />
          <FileInput
            label={t('gtfs.upload.file')}
            placeholder={t('gtfs.upload.filePlaceholder')}
            accept=".zip,application/zip,application/x-zip-compressed"
            leftSection={<IconFileZip size={16} aria-hidden />}
            value={file}
            onChange={setFile}
            error={errors.file}
            clearable
            miw={240}
            withAsterisk
          />
        </Group>
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm">{t('gtfs.upload.progress', { percent: Math.round(progress * 100) })}</Text>
            <Progress value={progress * 100} aria-label={t('gtfs.upload.title')} />
          </Stack>
        )}
        <Group>
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={progress !== null}>
            {t('gtfs.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /import-gtfs (IMPORT_GTFS_FILE): upload a GTFS zip into a group, read the
 * validation report, confirm, follow the import, browse the history. The job
 * on screen is in the address (?job=), and an unfinished one is picked up
 * again when the screen opens, so leaving and coming back loses nothing.
 */
export default function GtfsImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const jobParam = Number(searchParams.get('job'));
  const jobId = Number.isInteger(jobParam) && jobParam > 0 ? jobParam : null;
  const unfinished = useUnfinishedImports();
  const job = useImportJob(jobId);

  const showJob = (id: number | null) =>
    setSearchParams(
      (params) => {
        if (id === null) params.delete('job');
        else params.set('job', String(id));
        return params;
      },
      { replace: true },
    );

  // Back on the screen with nothing chosen: follow the latest job still under way.
  useEffect(() => {
    if (jobId === null && unfinished.data && unfinished.data.length > 0) showJob(unfinished.data[0].id);
  });

  const isLive = Boolean(job.data && !isFinished(job.data));
  useEffect(() => {
    // When the job on screen finishes, the history shows its outcome.
    if (job.data && isFinished(job.data)) void queryClient.invalidateQueries({ queryKey: ['gtfs-imports', 'history'] });
  }, [job.data?.status, job.data, queryClient]);

  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={820}>
        {t('gtfs.intro')}
      </Text>
      <UploadForm
        onUploaded={(id) => {
          showJob(id);
          void queryClient.invalidateQueries({ queryKey: ['gtfs-imports'] });
        }}
      />
      {jobId !== null && job.isLoading && <DelayedLoader />}
      {job.data && <ImportJobPanel job={job.data} onClose={() => showJob(null)} />}
      <ImportHistory isLive={isLive} onOpen={showJob} />
    </Stack>
  );
}
