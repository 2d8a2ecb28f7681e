import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { EVENT_REQUEST_STATUSES, type TEventRequestListItem, type TEventRequestStatus } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DateRangeInputs } from '../../components/dates/DateRangeInputs';
import { formatDateRangeLabel, type TDateRange } from '../../components/dates/date-range';
import { NoValue } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { useEventCategorySearch } from '../event-categories/useEventCategories';
import { RequestStatusBadge } from './RequestStatusBadge';
import { useEventRequestSearch } from './useEventRequests';

interface TRequestFilters {
  universalSearch: string;
  status: TEventRequestStatus | null;
  category: TOption | null;
  dates: TDateRange;
}

export const EVENT_REQUESTS_PAGE_SIZE = 20;

/** /event-request/: the citizen reports, the pending ones first in view (spec 001 §2). */
export default function EventRequestListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const timeZone = session?.timeZone;
  // Inactive categories too: older requests may belong to one. Spec 001 §9: category page size 50.
  const categories = useEventCategorySearch({
    sortProperty: 'name',
    sortDirection: 'ASC',
    itemsPerPage: DROPDOWN_PAGE_SIZE,
  });
  const categoryOptions: TOption[] = (categories.data?.content ?? []).map(({ id, name }) => ({ id, name }));
  const table = useTableState<TRequestFilters>('event-requests', {
    filters: { universalSearch: '', status: 'PENDING', category: null, dates: { from: null, to: null } },
    page: 0,
    sort: { property: 'date', direction: 'DESC' },
  });
  const { filters } = table;
  const requests = useEventRequestSearch({
    universalSearch: filters.universalSearch,
    status: filters.status ? [filters.status] : undefined,
    categoryId: filters.category ? [filters.category.id] : undefined,
    fromDate: filters.dates.from,
    toDate: filters.dates.to,
    currentPage: table.page,
    itemsPerPage: EVENT_REQUESTS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });
  const formatDate = (value: string) => formatDateTime(value, timeZone, INCIDENT_DATE_FORMAT);

  const columns: TColumn<TEventRequestListItem>[] = [
    {
      key: 'id',
      title: t('eventRequests.fields.id'),
      sortProperty: 'id',
      render: (request) => (
        <Anchor component={Link} to={appPath(`/event-request/${request.id}`)} fw={600} inherit>
          {t('eventRequests.number', { id: request.id })}
        </Anchor>
      ),
    },
    {
      key: 'date',
      title: t('eventRequests.fields.date'),
      sortProperty: 'date',
      render: (request) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(request.date)}
        </Text>
      ),
    },
    {
      key: 'title',
      title: t('eventRequests.fields.title'),
      sortProperty: 'title',
      render: (request) => (
        <Anchor component={Link} to={appPath(`/event-request/${request.id}`)} size="sm">
          {request.title}
        </Anchor>
      ),
    },
    {
      key: 'category',
      title: t('eventRequests.fields.category'),
      sortProperty: 'categoryName',
      render: (request) => <Text size="sm">{request.category.name}</Text>,
    },
    {
      key: 'participantName',
      title: t('eventRequests.fields.participantName'),
      render: (request) => <Text size="sm">{request.participantName}</Text>,
    },
    {
      key: 'status',
      title: t('eventRequests.fields.status'),
      sortProperty: 'status',
      render: (request) => <RequestStatusBadge status={request.status} />,
    },
    {
      key: 'responsibleEntity',
      title: t('eventRequests.fields.responsibleEntity'),
      render: (request) =>
        request.responsibleEntity ? <Text size="sm">{request.responsibleEntity.name}</Text> : <NoValue />,
    },
    {
      key: 'lastUpdate',
      title: t('eventRequests.fields.lastUpdate'),
      sortProperty: 'lastUpdate',
      render: (request) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(request.lastUpdate)}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ ...filters, universalSearch })}
        searchLabel={t('eventRequests.search')}
        badges={[
          {
            key: 'status',
            label: t('eventRequests.fields.status'),
            value: filters.status ? t(`eventVocab.requestStatus.${filters.status}`) : undefined,
            onClear: () => table.setFilters({ ...filters, status: null }),
          },
          {
            key: 'category',
            label: t('eventRequests.fields.category'),
            value: filters.category?.name,
            onClear: () => table.setFilters({ ...filters, category: null }),
          },
          {
            key: 'dates',
            label: t('eventRequests.fields.date'),
            value: formatDateRangeLabel(t, filters.dates, timeZone),
            onClear: () => table.setFilters({ ...filters, dates: { from: null, to: null } }),
          },
        ]}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Select
            label={t('eventRequests.fields.status')}
            clearable
            placeholder={t('eventRequests.allStatuses')}
            data={EVENT_REQUEST_STATUSES.map((status) => ({
              value: status,
              label: t(`eventVocab.requestStatus.${status}`),
            }))}
            value={filters.status}
            onChange={(status) => table.setFilters({ ...filters, status: status as TEventRequestStatus | null })}
          />
          <Select
            label={t('eventRequests.fields.category')}
            clearable
            searchable
            placeholder={t('eventRequests.allCategories')}
            nothingFoundMessage={t('table.noResults')}
            data={categoryOptions.map((category) => ({ value: String(category.id), label: category.name }))}
            value={filters.category ? String(filters.category.id) : null}
            onChange={(value) =>
              table.setFilters({
                ...filters,
                category: categoryOptions.find((category) => String(category.id) === value) ?? null,
              })
            }
          />
          <DateRangeInputs
            label={t('eventRequests.fields.date')}
            value={filters.dates}
            onChange={(dates) => table.setFilters({ ...filters, dates })}
            clearable
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.eventRequests')}
        columns={columns}
        page={requests.data}
        query={requests}
        currentPage={table.page}
        sort={table.sort}
        isLoading={requests.isFetching}
        emptyText={t('eventRequests.noRequests')}
        rowKey={(request) => request.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
