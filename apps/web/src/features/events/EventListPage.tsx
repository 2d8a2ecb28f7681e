import { Anchor, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  can,
  EVENT_PRIORITIES,
  EVENT_STATUSES,
  EVENT_TIME_FILTERS,
  type TEventListItem,
  type TEventPriority,
  type TEventStatus,
  type TEventTimeFilter,
} from '@mip/shared';
import { IconArrowsTransferUpDown, IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DateRangeInputs } from '../../components/dates/DateRangeInputs';
import { formatDateRangeLabel } from '../../components/dates/date-range';
import { deleteWithConfirmation } from '../../components/delete-record';
import { DateTimeText, NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { notify } from '../../components/notify';
import type { TOption } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { rowSelectionColumn } from '../../components/table/RowSelection';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { EntityLink } from '../entities/EntityLink';
import { EntitySelect } from '../entities/EntitySelect';
import { useActiveEventCategories } from '../event-categories/useEventCategories';
import { EventPriorityBadge, EventStatusBadge } from './EventBadges';
import { EVENTS_TABLE_ID, INITIAL_EVENT_TABLE, type TEventFilters } from './event-filters';
import { TransferModal } from './TransferModal';
import { deleteEvent, downloadEventsCsv, type TEventSearch, transferEvents, useEventSearch } from './useEvents';

export const EVENTS_PAGE_SIZE = 20;

/** The search the screen shows and the CSV exports: the filters in force, without the page. */
export function toEventQuery(filters: TEventFilters): TEventSearch {
  return {
    universalSearch: filters.universalSearch,
    categoryId: filters.categories.map((category) => category.id),
    status: filters.status,
    priority: filters.priority,
    time: filters.time,
    fromDate: filters.dates.from,
    toDate: filters.dates.to,
    entityId: filters.entity ? [filters.entity.id] : undefined,
  };
}

/** /events: incidents within the user's entities, filtered, sorted, paged, exported and transferred in bulk. */
export default function EventListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const timeZone = session?.timeZone;
  const queryClient = useQueryClient();
  const canWrite = Boolean(session && can(session, { all: ['WRITE_EVENT'] }));
  const canReadEntities = Boolean(session && can(session, { all: ['READ_ENTITY'] }));
  const categories = useActiveEventCategories();
  const table = useTableState<TEventFilters>(EVENTS_TABLE_ID, INITIAL_EVENT_TABLE);
  const { filters } = table;
  const set = (patch: Partial<TEventFilters>) => table.setFilters({ ...filters, ...patch });
  const query: TEventSearch = {
    ...toEventQuery(filters),
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  };
  const events = useEventSearch({ ...query, currentPage: table.page, itemsPerPage: EVENTS_PAGE_SIZE });
  const [selected, setSelected] = useState<number[]>([]);
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const [isExporting, setIsExporting] = useState(false);

  const formatDate = (value: string | null) => (value ? formatDateTime(value, timeZone, INCIDENT_DATE_FORMAT) : '');

  const handleExport = async () => {
    setIsExporting(true);
    try {
      await downloadEventsCsv(query);
    } catch (error) {
      showServerError(t, error);
    } finally {
      setIsExporting(false);
    }
  };

  const handleDelete = async (event: TEventListItem) => {
    const isDeleted = await deleteWithConfirmation(t, { name: event.title, remove: () => deleteEvent(event.id) });
    if (!isDeleted) return;
    setSelected((ids) => ids.filter((id) => id !== event.id));
    await queryClient.invalidateQueries({ queryKey: ['events'] });
  };

  const handleBulkTransfer = async (input: { entityId: number; note: string | null }, entity: TOption | null) => {
    const { transferred } = await transferEvents({ ids: selected, ...input });
    notify({
      kind: 'success',
      title: t('common.success'),
      message: t('events.transfer.bulkDone', { count: transferred, entity: entity?.name ?? '' }),
    });
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ['events'] });
  };

  const statusOptions = EVENT_STATUSES.map((status) => ({ value: status, label: t(`eventVocab.status.${status}`) }));
  const priorityOptions = EVENT_PRIORITIES.map((priority) => ({
    value: priority,
    label: t(`eventVocab.priority.${priority}`),
  }));
  const categoryOptions = [...(categories.data ?? []), ...filters.categories]
    .filter((category, index, all) => all.findIndex((other) => other.id === category.id) === index)
    .map((category) => ({ value: String(category.id), label: category.name }));
  const listOf = (values: string[]) => (values.length > 0 ? values.join(', ') : undefined);

  const columns: TColumn<TEventListItem>[] = [
    rowSelectionColumn<TEventListItem, number>({
      rows: events.data?.content ?? [],
      rowKey: (event) => event.id,
      selected,
      onChange: setSelected,
      selectAllLabel: t('events.selectPage'),
      selectRowLabel: (event) => t('events.selectNamed', { title: event.title }),
    }),
    {
      key: 'id',
      title: t('events.fields.id'),
      sortProperty: 'id',
      render: (event) => <Text size="sm">{event.id}</Text>,
    },
    {
      key: 'title',
      card: 'title',
      title: t('events.fields.title'),
      sortProperty: 'title',
      render: (event) => (
        <Anchor component={Link} to={appPath(`/events/${event.id}`)} fw={600} inherit>
          {event.title}
        </Anchor>
      ),
    },
    {
      key: 'category',
      title: t('events.fields.category'),
      sortProperty: 'categoryName',
      render: (event) => <Text size="sm">{event.category.name}</Text>,
    },
    {
      key: 'priority',
      card: 'badge',
      title: t('events.fields.priority'),
      sortProperty: 'priority',
      render: (event) => <EventPriorityBadge priority={event.priority} />,
    },
    {
      key: 'status',
      card: 'badge',
      title: t('events.fields.status'),
      sortProperty: 'status',
      render: (event) => <EventStatusBadge status={event.status} />,
    },
    {
      key: 'from',
      title: t('events.fields.fromTimestamp'),
      sortProperty: 'fromTimestamp',
      // The time may go under the date when the table is tight: the title needs the room more.
      render: (event) => <DateTimeText text={formatDate(event.fromTimestamp)} />,
    },
    {
      key: 'to',
      card: 'hidden',
      isSecondary: true,
      title: t('events.fields.toTimestamp'),
      sortProperty: 'toTimestamp',
      render: (event) => (event.toTimestamp ? <DateTimeText text={formatDate(event.toTimestamp)} /> : <NoValue />),
    },
    {
      key: 'entity',
      title: t('events.fields.entity'),
      sortProperty: 'entityName',
      render: (event) => (
        <Text size="sm" span>
          <EntityLink entity={event.entity} />
        </Text>
      ),
    },
    rowActionsColumn<TEventListItem>(t('table.actions'), canWrite, (event) => ({
      editTo: appPath(`/events/${event.id}`),
      editLabel: t('events.editNamed', { title: event.title }),
      onDelete: () => void handleDelete(event),
      deleteLabel: t('events.deleteNamed', { title: event.title }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('events.search')}
        badges={[
          {
            key: 'category',
            label: t('events.fields.category'),
            value: listOf(filters.categories.map((category) => category.name)),
            onClear: () => set({ categories: [] }),
          },
          {
            key: 'status',
            label: t('events.fields.status'),
            value: listOf(filters.status.map((status) => t(`eventVocab.status.${status}`))),
            onClear: () => set({ status: [] }),
          },
          {
            key: 'priority',
            label: t('events.fields.priority'),
            value: listOf(filters.priority.map((priority) => t(`eventVocab.priority.${priority}`))),
            onClear: () => set({ priority: [] }),
          },
          {
            key: 'time',
            label: t('events.fields.time'),
            value: filters.time ? t(`eventVocab.time.${filters.time}`) : undefined,
            onClear: () => set({ time: null }),
          },
          {
            key: 'dates',
            label: t('events.fields.period'),
            value: formatDateRangeLabel(t, filters.dates, timeZone),
            onClear: () => set({ dates: { from: null, to: null } }),
          },
          {
            key: 'entity',
            label: t('events.fields.entity'),
            value: filters.entity?.name,
            onClear: () => set({ entity: null }),
          },
        ]}
        actions={
          <>
            <ToolbarAction
              variant="default"
              icon={<IconDownload size={16} />}
              label={t('events.export')}
              isLoading={isExporting}
              onClick={() => void handleExport()}
            />
            {canWrite && (
              <ToolbarAction to={appPath('/events/create')} icon={<IconPlus size={16} />} label={t('events.add')} />
            )}
          </>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <MultiSelect
            label={t('events.fields.category')}
            clearable
            searchable
            data={categoryOptions}
            value={filters.categories.map((category) => String(category.id))}
            onChange={(ids) =>
              set({
                categories: ids.map((id) => ({
                  id: Number(id),
                  name: categoryOptions.find((option) => option.value === id)?.label ?? id,
                })),
              })
            }
          />
          <MultiSelect
            label={t('events.fields.status')}
            clearable
            searchable
            data={statusOptions}
            value={filters.status}
            onChange={(status) => set({ status: status as TEventStatus[] })}
          />
          <MultiSelect
            label={t('events.fields.priority')}
            clearable
            searchable
            data={priorityOptions}
            value={filters.priority}
            onChange={(priority) => set({ priority: priority as TEventPriority[] })}
          />
          <Select
            label={t('events.fields.time')}
            clearable
            data={EVENT_TIME_FILTERS.map((time) => ({ value: time, label: t(`eventVocab.time.${time}`) }))}
            value={filters.time}
            onChange={(time) => set({ time: time as TEventTimeFilter | null })}
          />
          <DateRangeInputs
            label={t('events.fields.period')}
            value={filters.dates}
            clearable
            onChange={(dates) => set({ dates })}
          />
          {canReadEntities && (
            <EntitySelect
              label={t('events.fields.entity')}
              value={filters.entity?.id ?? null}
              onChange={(_id, entity) => set({ entity })}
            />
          )}
        </SimpleGrid>
      </FilterBar>
      {selected.length > 0 && (
        <Paper withBorder p="xs" data-testid="event-selection">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('events.selected', { count: selected.length })}</Text>
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={() => setSelected([])}>
                {t('events.clearSelection')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconArrowsTransferUpDown size={14} />}
                onClick={() => setIsTransferOpen(true)}
              >
                {t('events.transfer.action')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable
        caption={t('pages.events')}
        columns={columns}
        page={events.data}
        query={events}
        currentPage={table.page}
        sort={table.sort}
        isLoading={events.isFetching}
        emptyText={t('events.noEvents')}
        rowKey={(event) => event.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
      <TransferModal
        opened={isTransferOpen}
        onClose={() => setIsTransferOpen(false)}
        intro={t('events.transfer.bulkIntro', { count: selected.length })}
        transfer={handleBulkTransfer}
      />
    </Stack>
  );
}
