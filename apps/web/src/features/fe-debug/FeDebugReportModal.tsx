import { Code, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../components/DelayedLoader';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { useFeDebugReport } from './useFeDebug';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Trace({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Code block fz="xs" style={{ maxHeight: 260, overflow: 'auto', whiteSpace: 'pre' }}>
        {text.trim()}
      </Code>
    </Stack>
  );
}

/** One browser error in full: what failed, where, on which device, for whom, and how often. */
export function FeDebugReportModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const isPhone = useMediaQuery('(max-width: 62em)');
  const report = useFeDebugReport(id);
  const data = report.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('feDebug.details')} size="xl" fullScreen={isPhone}>
      {report.isPending ? (
        <DelayedLoader />
      ) : report.isError || !data ? (
        <RecordLoadFailure query={report} notFoundText={t('feDebug.notFound')} />
      ) : (
        <Stack gap="md">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {data.errorName ? `${data.errorName}: ` : ''}
            {data.message}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
            <Fact label={t('feDebug.fields.href')}>{data.href}</Fact>
            <Fact label={t('feDebug.fields.user')}>{data.user?.name ?? t('feDebug.visitor')}</Fact>
            <Fact label={t('feDebug.fields.createdAt')}>{formatDateTime(data.createdAt, session?.timeZone)}</Fact>
            <Fact label={t('feDebug.fields.lastSeenAt')}>{formatDateTime(data.lastSeenAt, session?.timeZone)}</Fact>
            <Fact label={t('feDebug.fields.occurrences')}>{data.occurrences}</Fact>
            <Fact label={t('feDebug.fields.ip')}>{data.ip ?? '—'}</Fact>
          </SimpleGrid>
          <Stack gap={4}>
            <Title order={3} size="h6">
              {t('feDebug.fields.device')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" style={{ margin: 0 }}>
              {Object.entries(data.device).map(([key, value]) => (
                <Fact key={key} label={t(`feDebug.device.${key}`, { defaultValue: key })}>
                  {String(value)}
                </Fact>
              ))}
            </SimpleGrid>
          </Stack>
          <Trace title={t('feDebug.fields.stack')} text={data.stack} />
          <Trace title={t('feDebug.fields.componentStack')} text={data.componentStack} />
        </Stack>
      )}
    </Modal>
  );
}
