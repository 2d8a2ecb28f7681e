import { Alert, Badge, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TGtfsFeedCounts, TGtfsIssue, TGtfsReport, TGtfsSummary } from '@mip/shared';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatIsoDay } from '../../lib/dates';
import { formatNumber, useFormatNumber } from '../../lib/numbers';

const COUNT_KEYS: (keyof TGtfsFeedCounts)[] = [
  'agencies',
  'stops',
  'routes',
  'trips',
  'stopTimes',
  'services',
  'calendarDates',
  'frequencies',
  'shapes',
];

/**
 * A problem's value as the sentence shows it: a day or a count the server
 * worked out, written as every other date and number of the app; what was
 * read from the feed, as it is there, so it can be found in the file.
 */
function issueValue(issue: TGtfsIssue, language: string): string {
  const value = issue.value ?? '';
  if (issue.code === 'FEED_EXPIRED') return formatIsoDay(value);
  if (issue.code === 'UNTIMED_STOPS_INTERPOLATED' && /^\d+$/.test(value)) return formatNumber(Number(value), language);
  return value;
}

/** The plain-language text of one problem, in the user's language. */
export function issueMessage(t: TFunction, issue: TGtfsIssue, language: string): string {
  return t(`gtfs.issues.${issue.code}`, {
    file: issue.file ?? '',
    field: issue.field ?? '',
    value: issueValue(issue, language),
    row: issue.row === null ? '' : formatNumber(issue.row, language),
  });
}

function SummaryTables({ summary }: { summary: TGtfsSummary }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  return (
    <Stack gap="xs">
      <Group gap="md">
        {summary.feedStartDate && summary.feedEndDate && (
          <Text size="sm">
            {t('gtfs.report.period', {
              start: formatIsoDay(summary.feedStartDate),
              end: formatIsoDay(summary.feedEndDate),
            })}
          </Text>
        )}
        {summary.agencyNames.length > 0 && (
          <Text size="sm">{t('gtfs.report.agencies', { names: summary.agencyNames.join(', ') })}</Text>
        )}
        {summary.feedVersion && <Text size="sm">{t('gtfs.report.version', { version: summary.feedVersion })}</Text>}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Table withTableBorder verticalSpacing={4} aria-label={t('gtfs.report.feedCounts')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('gtfs.report.feedCounts')}</Table.Th>
              <Table.Th ta="right">#</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COUNT_KEYS.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>{t(`gtfs.report.counts.${key}`)}</Table.Td>
                <Table.Td ta="right">{number(summary.counts[key])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap="xs">
          <Table withTableBorder verticalSpacing={4} aria-label={t('gtfs.report.changes')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gtfs.report.changes')}</Table.Th>
                <Table.Th ta="right">{t('gtfs.report.added')}</Table.Th>
                <Table.Th ta="right">{t('gtfs.report.changed')}</Table.Th>
                <Table.Th ta="right">{t('gtfs.report.removed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(['stops', 'routes'] as const).map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Td>{t(`gtfs.report.counts.${kind}`)}</Table.Td>
                  <Table.Td ta="right">{number(summary[kind].added)}</Table.Td>
                  <Table.Td ta="right">{number(summary[kind].changed)}</Table.Td>
                  <Table.Td ta="right">{number(summary[kind].removed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('gtfs.report.removedNote')}
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function IssuesTable({ issues }: { issues: TGtfsIssue[] }) {
  const { t, i18n } = useTranslation();
  const number = useFormatNumber();
  return (
    // The viewport takes focus so keyboard users can scroll a long report too.
    <ScrollArea.Autosize
      mah={420}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('gtfs.report.title') }}
    >
      <Table striped verticalSpacing="xs" miw={640} aria-label={t('gtfs.report.title')} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gtfs.report.severity')}</Table.Th>
            <Table.Th>{t('gtfs.report.file')}</Table.Th>
            <Table.Th>{t('gtfs.report.row')}</Table.Th>
            <Table.Th>{t('gtfs.report.field')}</Table.Th>
            <Table.Th>{t('gtfs.report.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((issue, i) => (
            // Issues have no id of their own; their order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <Table.Tr key={i}>
              <Table.Td>
                <Badge
                  color={issue.severity === 'ERROR' ? 'red.9' : 'yellow.4'}
                  variant="filled"
                  autoContrast
                  // A badge cuts its text to fit by default: beside a long message, "Erro" would lose letters.
                  miw="max-content"
                  leftSection={
                    issue.severity === 'ERROR' ? (
                      <IconCircleX size={12} aria-hidden />
                    ) : (
                      <IconAlertTriangle size={12} aria-hidden />
                    )
                  }
                >
                  {t(`gtfs.report.${issue.severity}`)}
                </Badge>
              </Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {issue.file ?? '—'}
              </Table.Td>
              <Table.Td fz="sm">{issue.row === null ? '—' : number(issue.row)}</Table.Td>
              <Table.Td ff="monospace" fz="sm">
                {issue.field ?? '—'}
              </Table.Td>
              <Table.Td fz="sm">{issueMessage(t, issue, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The report of a checked feed: what it holds, what it would change, and every problem with its place. */
export function ValidationReport({ report }: { report: TGtfsReport }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  return (
    <Stack gap="md">
      {report.summary && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('gtfs.report.summary')}
          </Title>
          <SummaryTables summary={report.summary} />
        </Stack>
      )}
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={3} size="h5">
            {t('gtfs.report.title')}
          </Title>
          <Badge color="red.9" variant="filled" autoContrast>
            {t('gtfs.report.errors', { count: report.errorCount, number: number(report.errorCount) })}
          </Badge>
          <Badge color="yellow.4" variant="filled" autoContrast>
            {t('gtfs.report.warnings', { count: report.warningCount, number: number(report.warningCount) })}
          </Badge>
        </Group>
        {report.issues.length === 0 ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
            {t('gtfs.report.noIssues')}
          </Alert>
        ) : (
          <IssuesTable issues={report.issues} />
        )}
        {report.omittedCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('gtfs.report.omitted', { count: report.omittedCount, number: number(report.omittedCount) })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
