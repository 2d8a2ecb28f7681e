import { Button, Stack, Text } from '@mantine/core';
import type { TFeDebugListItem } from '@mip/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { FeDebugReportModal } from './FeDebugReportModal';
import { useFeDebugSearch } from './useFeDebug';

const PAGE_SIZE = 20;

/**
 * Settings › Browser errors: what failed on people's screens (sent by the
 * error page), most recently seen first, for whoever reads the audit log.
 */
export default function FeDebugListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [openId, setOpenId] = useState<number | null>(null);
  const table = useTableState<{ universalSearch: string }>('fe-debug', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'lastSeenAt', direction: 'DESC' },
  });
  const reports = useFeDebugSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const columns: TColumn<TFeDebugListItem>[] = [
    {
      key: 'lastSeenAt',
      title: t('feDebug.fields.lastSeenAt'),
      sortProperty: 'lastSeenAt',
      width: 170,
      render: (report) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(report.lastSeenAt, session?.timeZone)}
        </Text>
      ),
    },
    {
      key: 'message',
      title: t('feDebug.fields.message'),
      render: (report) => (
        // The message is what the row is about: on a phone the table scrolls sideways rather than squeeze it.
        <Stack gap={2} miw={200}>
          <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {report.errorName ? `${report.errorName}: ` : ''}
            {report.message}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {report.pathname}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'user',
      title: t('feDebug.fields.user'),
      render: (report) =>
        report.user?.name ?? (
          <Text c="dimmed" inherit>
            {t('feDebug.visitor')}
          </Text>
        ),
    },
    {
      key: 'occurrences',
      title: t('feDebug.fields.occurrences'),
      sortProperty: 'occurrences',
      width: 110,
      render: (report) => report.occurrences,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      width: 110,
      render: (report) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => setOpenId(report.id)}
          aria-label={t('feDebug.openNamed', { message: report.message.slice(0, 80) })}
        >
          {t('feDebug.open')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('feDebug.help')}
      </Text>
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('feDebug.search')}
        badges={[]}
      />
      <DataTable
        caption={t('pages.feDebug')}
        columns={columns}
        page={reports.data}
        query={reports}
        currentPage={table.page}
        sort={table.sort}
        isLoading={reports.isFetching}
        emptyText={table.filters.universalSearch ? t('feDebug.noMatches') : t('feDebug.none')}
        rowKey={(report) => report.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
      <FeDebugReportModal id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
