import { Anchor, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserFileDownload } from '../personal-files/usePersonalFiles';

/** Downloads a generated report from the user's files, named for its template for screen readers. */
export function ReportDownloadLink({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const { isDownloading, download } = useUserFileDownload(fileId);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={download}
      disabled={isDownloading}
      aria-label={t('reports.job.downloadNamed', { name })}
    >
      <Group gap={4} wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {t('reports.job.download')}
      </Group>
    </Anchor>
  );
}
