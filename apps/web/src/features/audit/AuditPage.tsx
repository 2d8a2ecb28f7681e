import { ActionIcon, Anchor, Code, Grid, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { TAuditEntry, TPagedList, TUserListItem } from '@mip/shared';
import { IconDownload, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useAppPath } from '../../app/paths';
import { DateRangeInputs } from '../../components/dates/DateRangeInputs';
import { formatDateRangeLabel } from '../../components/dates/date-range';
import { dateValueOfDay, dayOfDateValue } from '../../components/dates/date-value';
import { NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { AuditActor, AuditDetailsDrawer, recordPath, useAuditLabels } from './AuditDetails';
import { toAuditPeriod } from './audit-range';
import { downloadAuditCsv, type TAuditSearch, useAuditFacets, useAuditSearch } from './useAudit';

export interface TAuditFilters {
  universalSearch: string;
  userId: number | null;
  userName: string | null;
  recordType: string | null;
  action: string | null;
  /** Whole days, YYYY-MM-DD, both included. */
  fromDay: string | null;
  toDay: string | null;
}

const INITIAL_FILTERS: TAuditFilters = {
  universalSearch: '',
  userId: null,
  userName: null,
  recordType: null,
  action: null,
  fromDay: null,
  toDay: null,
};
export const AUDIT_PAGE_SIZE = 20;

/** Who changed what and when: filters, a sortable paged log, each entry's field-level changes, and CSV export. */
export default function AuditPage() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const labels = useAuditLabels();
  const table = useTableState<TAuditFilters>('audit', {
    filters: INITIAL_FILTERS,
    page: 0,
    sort: { property: 'at', direction: 'DESC' },
  });
  const { filters } = table;
  const timeZone = session?.timeZone;
  const facets = useAuditFacets();
  const [shown, setShown] = useState<TAuditEntry | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  const query: TAuditSearch = {
    universalSearch: filters.universalSearch,
    userId: filters.userId,
    recordType: filters.recordType,
    action: filters.action,
    ...toAuditPeriod(filters.fromDay, filters.toDay, timeZone),
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  };
  const entries = useAuditSearch({ ...query, currentPage: table.page, itemsPerPage: AUDIT_PAGE_SIZE });
  const set = (patch: Partial<TAuditFilters>) => table.setFilters({ ...filters, ...patch });

  const handleExport = async () => {
    setIsExporting(true);
    try {
      await downloadAuditCsv(query);
    } catch (error) {
      showServerError(t, error);
    } finally {
      setIsExporting(false);
    }
  };

  const periodLabel = formatDateRangeLabel(t, { from: filters.fromDay, to: filters.toDay }, timeZone);

  const columns: TColumn<TAuditEntry>[] = [
    {
      key: 'at',
      title: t('audit.fields.at'),
      sortProperty: 'at',
      render: (entry) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at, timeZone)}
        </Text>
      ),
    },
    { key: 'who', title: t('audit.fields.who'), render: (entry) => <AuditActor entry={entry} /> },
    { key: 'action', title: t('audit.fields.action'), render: (entry) => labels.action(entry.action) },
    { key: 'recordType', title: t('audit.fields.recordType'), render: (entry) => labels.recordType(entry.recordType) },
    {
      key: 'recordId',
      title: t('audit.fields.recordId'),
      render: (entry) => {
        if (!entry.recordId) return <NoValue />;
        const path = recordPath(entry, session);
        return path ? (
          <Anchor component={Link} to={appPath(path)} inherit>
            {entry.recordId}
          </Anchor>
        ) : (
          <Text span inherit style={{ overflowWrap: 'anywhere' }}>
            {entry.recordId}
          </Text>
        );
      },
    },
    {
      key: 'ip',
      title: t('audit.fields.ip'),
      render: (entry) => (entry.ip ? <Code>{entry.ip}</Code> : <NoValue />),
    },
    {
      key: 'details',
      title: t('audit.fields.details'),
      width: 72,
      render: (entry) => (
        <Tooltip label={t('audit.showDetails')}>
          <ActionIcon
            variant="subtle"
            onClick={() => setShown(entry)}
            aria-label={t('audit.showDetailsOf', {
              action: labels.action(entry.action),
              at: formatDateTime(entry.at, timeZone),
            })}
            aria-haspopup="dialog"
          >
            <IconListDetails size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('audit.search')}
        actions={
          <ToolbarAction
            variant="default"
            icon={<IconDownload size={16} />}
            label={t('audit.export')}
            isLoading={isExporting}
            onClick={() => void handleExport()}
          />
        }
        badges={[
          {
            key: 'user',
            label: t('audit.fields.user'),
            value: filters.userName ?? undefined,
            onClear: () => set({ userId: null, userName: null }),
          },
          {
            key: 'recordType',
            label: t('audit.fields.recordType'),
            value: filters.recordType ? labels.recordType(filters.recordType) : undefined,
            onClear: () => set({ recordType: null }),
          },
          {
            key: 'action',
            label: t('audit.fields.action'),
            value: filters.action ? labels.action(filters.action) : undefined,
            onClear: () => set({ action: null }),
          },
          {
            key: 'period',
            label: t('audit.fields.period'),
            value: periodLabel,
            onClear: () => set({ fromDay: null, toDay: null }),
          },
        ]}
      >
        {/* Tenths, so the period's two date fields get the room of two selects. */}
        <Grid columns={10}>
          <Grid.Col span={{ base: 10, sm: 5, lg: 2 }}>
            <AuditUserSelect
              label={t('audit.fields.user')}
              value={filters.userId}
              userName={filters.userName}
              onChange={(userId, option) => set({ userId, userName: option?.name ?? null })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 10, sm: 5, lg: 2 }}>
            <Select
              label={t('audit.fields.recordType')}
              placeholder={t('audit.any')}
              clearable
              searchable
              data={(facets.data?.recordTypes ?? []).map((value) => ({ value, label: labels.recordType(value) }))}
              value={filters.recordType}
              onChange={(recordType) => set({ recordType })}
              nothingFoundMessage={t('table.noResults')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 10, sm: 5, lg: 2 }}>
            <Select
              label={t('audit.fields.action')}
              placeholder={t('audit.any')}
              clearable
              searchable
              data={(facets.data?.actions ?? []).map((value) => ({ value, label: labels.action(value) }))}
              value={filters.action}
              onChange={(action) => set({ action })}
              nothingFoundMessage={t('table.noResults')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 10, sm: 5, lg: 4 }}>
            <DateRangeInputs
              label={t('audit.fields.period')}
              limitFuture
              clearable
              value={{
                from: dateValueOfDay(filters.fromDay, { timeZone }),
                to: dateValueOfDay(filters.toDay, { timeZone, endOfDay: true }),
              }}
              onChange={({ from, to }) =>
                set({ fromDay: dayOfDateValue(from, timeZone), toDay: dayOfDateValue(to, timeZone) })
              }
            />
          </Grid.Col>
        </Grid>
      </FilterBar>
      <DataTable
        caption={t('pages.audit')}
        columns={columns}
        page={entries.data}
        query={entries}
        currentPage={table.page}
        sort={table.sort}
        isLoading={entries.isFetching}
        emptyText={t('audit.noEntries')}
        rowKey={(entry) => entry.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
      <AuditDetailsDrawer entry={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

/**
 * A user picked by typing part of their name. /users/search has no ids
 * filter, so the chosen user's name is kept with the filter instead of being
 * looked up again.
 */
function AuditUserSelect({
  label,
  value,
  userName,
  onChange,
}: {
  label: string;
  value: number | null;
  userName: string | null;
  onChange: (value: number | null, option: TOption | null) => void;
}) {
  const { t } = useTranslation();
  const search = async (text: string, ids?: number[]): Promise<TOption[]> => {
    if (ids) return ids[0] !== undefined && userName ? [{ id: ids[0], name: userName }] : [];
    const page = await api.get<TPagedList<TUserListItem>>('users/search', {
      universalSearch: text,
      status: 'ANY',
      itemsPerPage: DROPDOWN_PAGE_SIZE,
      sortProperty: 'name',
      sortDirection: 'ASC',
    });
    return page.content.map((user) => ({ id: user.id, name: user.name }));
  };
  return (
    <RemoteSelect
      queryKey={['users', 'audit-select', userName]}
      search={search}
      label={label}
      placeholder={t('audit.any')}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('table.noResults')}
    />
  );
}
