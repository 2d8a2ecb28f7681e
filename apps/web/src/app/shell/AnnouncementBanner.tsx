import { Alert } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../features/auth/session-store';

/** Spec 000 §9: the announcement is polled every 5 minutes. */
export const ANNOUNCEMENT_POLL_MS = 300_000;

/** The general announcement, shown to everyone signed in, at the top of every console screen. */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const { data } = useQuery({
    queryKey: ['information', 'GENERAL_ANNOUNCEMENT'],
    queryFn: () => api.get<{ content: string }>('informations/', { type: 'GENERAL_ANNOUNCEMENT' }),
    enabled: Boolean(session),
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: ANNOUNCEMENT_POLL_MS,
    gcTime: ANNOUNCEMENT_POLL_MS,
  });
  if (!session || !data?.content) return null;
  return (
    <Alert
      icon={<IconSpeakerphone size={18} />}
      title={t('shell.announcement')}
      color="blue"
      variant="light"
      mb="md"
      role="status"
      data-testid="announcement"
      styles={{ message: { whiteSpace: 'pre-line' } }}
    >
      {data.content}
    </Alert>
  );
}
