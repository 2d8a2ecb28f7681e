import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { TGtfsImportHistoryItem } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime, formatIsoDay } from '../../lib/dates';
import { useFormatNumber } from '../../lib/numbers';
import { useSession } from '../auth/session-store';
import { JobStatusBadge } from './ImportJobPanel';
import { useImportHistory } from './useGtfsImports';

export const HISTORY_PAGE_SIZE = 10;

/** Every import: who, when, into which group, the feed's dates and counts, and how it ended. */
export function ImportHistory({ isLive, onOpen }: { isLive: boolean; onOpen: (jobId: number) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const table = useTableState<Record<string, never>>('gtfs-imports', {
    filters: {},
    page: 0,
    sort: { property: 'createdAt', direction: 'DESC' },
  });
  const history = useImportHistory(
    {
      currentPage: table.page,
      itemsPerPage: HISTORY_PAGE_SIZE,
      sortProperty: table.sort?.property,
      sortDirection: table.sort?.direction,
    },
    isLive,
  );
  const number = useFormatNumber();

  const columns: TColumn<TGtfsImportHistoryItem>[] = [
    {
      key: 'when',
      title: t('gtfs.history.when'),
      sortProperty: 'createdAt',
      render: (job) => formatDateTime(job.createdAt, session?.timeZone),
    },
    { key: 'group', title: t('gtfs.history.group'), render: (job) => job.group.name },
    {
      key: 'file',
      card: 'title',
      title: t('gtfs.history.file'),
      render: (job) => (
        <Anchor component="button" type="button" onClick={() => onOpen(job.id)} fz="sm" title={t('gtfs.history.open')}>
          {job.fileName}
        </Anchor>
      ),
    },
    {
      key: 'by',
      card: 'hidden',
      title: t('gtfs.history.by'),
      render: (job) => job.createdBy?.name ?? t('gtfs.history.platform'),
    },
    {
      key: 'status',
      card: 'badge',
      title: t('gtfs.history.status'),
      sortProperty: 'status',
      render: (job) => <JobStatusBadge job={job} />,
    },
    {
      key: 'period',
      title: t('gtfs.history.period'),
      render: (job) =>
        job.feedStartDate && job.feedEndDate ? (
          <>
            {`${formatIsoDay(job.feedStartDate)} – ${formatIsoDay(job.feedEndDate)}`}
            {!!job.serviceYearsMoved && (
              <Text size="xs" c="dimmed">
                {t('gtfs.history.demoDatesMoved', { count: job.serviceYearsMoved })}
              </Text>
            )}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'counts',
      card: 'hidden',
      title: t('gtfs.history.counts'),
      render: (job) =>
        job.counts ? `${number(job.counts.stops)} / ${number(job.counts.routes)} / ${number(job.counts.trips)}` : '—',
    },
    {
      key: 'problems',
      title: t('gtfs.history.problems'),
      render: (job) => `${number(job.errorCount)} / ${number(job.warningCount)}`,
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('gtfs.history.title')}
      </Title>
      <DataTable
        caption={t('gtfs.history.caption')}
        columns={columns}
        page={history.data}
        query={history}
        currentPage={table.page}
        sort={table.sort}
        isLoading={history.isFetching && !history.data}
        emptyText={t('gtfs.history.empty')}
        rowKey={(job) => job.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
