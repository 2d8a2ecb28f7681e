import { Alert, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { TBoundaryImportResult, TBoundarySummary } from '@mip/shared';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client';
import { uploadWithProgress } from '../../api/upload-with-progress';
import { notify } from '../../components/notify';
import { errorText, showServerError } from '../../components/server-errors';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';

/**
 * The official administrative map, imported so the public map's search can go
 * to a municipality or a parish: how many places it covers, and the upload of
 * a new one with its progress (the server reads the file as it arrives).
 */
export function BoundariesCard() {
  const { t } = useTranslation();
  const session = useSession();
  const summary = useQuery({
    queryKey: ['address', 'boundaries'],
    queryFn: ({ signal }) => api.get<TBoundarySummary>('address/boundaries', undefined, signal),
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      setProgress(0);
      return uploadWithProgress<TBoundaryImportResult>('address/boundaries', form, setProgress);
    },
    onSuccess: async () => {
      setFile(null);
      notify({ kind: 'success', title: t('common.success'), message: t('configuration.boundaries.imported') });
      await summary.refetch();
    },
    onError: (error) =>
      showServerError(t, error, () => {
        // The only field is the file: its error says what is wrong with it, and where (the server's detail).
        const [first] = error instanceof ApiError ? error.errors : [];
        if (first) setFileError([errorText(t, first.error), first.detail].filter(Boolean).join(' — '));
      }),
  });
  const result = upload.data;
  const counts = summary.data;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="boundaries-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="boundaries-title">
          {t('configuration.boundaries.title')}
        </Title>
        <Text size="sm">{t('configuration.boundaries.help')}</Text>
        {counts && (
          <Text size="sm" c="dimmed" role="status">
            {counts.importedAt
              ? `${t('configuration.boundaries.summary', {
                  parishes: counts.parishes.withArea,
                  parishesTotal: counts.parishes.total,
                  counties: counts.counties.withArea,
                  countiesTotal: counts.counties.total,
                  districts: counts.districts.withArea,
                  districtsTotal: counts.districts.total,
                })} ${t('configuration.boundaries.importedAt', {
                  date: formatDateTime(counts.importedAt, session?.timeZone),
                })}`
              : t('configuration.boundaries.none')}
          </Text>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <Group align="flex-end" gap="sm">
            <FileInput
              flex={1}
              miw={220}
              label={t('configuration.boundaries.file')}
              placeholder={t('configuration.boundaries.filePlaceholder')}
              accept=".geojson,.json,application/geo+json,application/json"
              clearable
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
                upload.reset();
              }}
              error={fileError}
              disabled={upload.isPending}
            />
            <Button type="submit" leftSection={<IconUpload size={16} />} disabled={!file} loading={upload.isPending}>
              {t('configuration.boundaries.import')}
            </Button>
          </Group>
        </form>
        {upload.isPending && (
          <Progress
            value={progress * 100}
            animated
            aria-label={t('configuration.boundaries.progress', { percent: Math.round(progress * 100) })}
          />
        )}
        {result && (
          <Alert color="teal" role="status">
            <Text size="sm">{t('configuration.boundaries.result', result)}</Text>
            {result.unmatched > 0 && (
              <Text size="sm" mt={4}>
                {t('configuration.boundaries.unmatched', {
                  count: result.unmatched,
                  sample: result.unmatchedSample.slice(0, 3).join('; '),
                })}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
