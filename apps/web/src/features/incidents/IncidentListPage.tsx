import {
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { EVENT_PRIORITIES, type TEventPriority, type TPublicEventListItem } from '@mip/shared';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DESKTOP_QUERY } from '../../app/shell/ConsoleLayout';
import { NoValue } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { TablePagination } from '../../components/table/TablePagination';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime, INCIDENT_DATE_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { CategoryLabel } from './IncidentCard';
import { useEventCategoryList, usePublicEventSearch } from './usePublicEvents';

export const INCIDENTS_PAGE_SIZE = 20;

type TTime = 'CURRENT' | 'FUTURE';

interface TIncidentFilters {
  time: TTime;
  universalSearch: string;
  categoryId: string | null;
  priority: TEventPriority[];
}

const PRIORITY_COLOURS: Record<TEventPriority, string> = {
  LOW: 'gray',
  NORMAL: 'blue',
  HIGH: 'orange',
  CRITICAL: 'red',
};

function PriorityBadge({ priority }: { priority: TEventPriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={PRIORITY_COLOURS[priority]} tt="none" miw="max-content">
      {t(`eventVocab.priority.${priority}`)}
    </Badge>
  );
}

function AffectedSystems({ incident }: { incident: TPublicEventListItem }) {
  if (incident.affectedSystems.length === 0) return <NoValue />;
  return <Text size="sm">{incident.affectedSystems.map((system) => system.name).join(', ')}</Text>;
}

/** One incident on a phone: the whole card opens it on the map. */
function IncidentListCard({
  incident,
  to,
  formatDate,
}: {
  incident: TPublicEventListItem;
  to: string;
  formatDate: (value: string | null) => string;
}) {
  const { t } = useTranslation();
  return (
    // The whole card is the link (a big target on a phone); its name is what it shows, title first.
    <UnstyledButton component={Link} to={to} display="block">
      <Card withBorder padding="md" radius="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{incident.title}</Text>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed" component="div">
              <CategoryLabel category={incident.category} size={18} />
            </Text>
            <PriorityBadge priority={incident.priority} />
          </Group>
          <Text size="sm">
            {incident.toTimestamp
              ? t('incidents.list.period', {
                  from: formatDate(incident.fromTimestamp),
                  to: formatDate(incident.toTimestamp),
                })
              : t('incidents.list.since', { from: formatDate(incident.fromTimestamp) })}
          </Text>
          {incident.affectedSystems.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('incidents.fields.affectedSystems')}:{' '}
              {incident.affectedSystems.map((system) => system.name).join(', ')}
            </Text>
          )}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/**
 * /incidents (spec 000 §2): the public list of current and future incidents, filtered and paged by the
 * server; each one opens on the map (/?occurrence=<id>).
 */
export default function IncidentListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const table = useTableState<TIncidentFilters>('public-incidents', {
    filters: { time: 'CURRENT', universalSearch: '', categoryId: null, priority: [] },
    page: 0,
    sort: null,
  });
  const { filters } = table;
  const set = (patch: Partial<TIncidentFilters>) => table.setFilters({ ...filters, ...patch });
  const categories = useEventCategoryList();
  const incidents = usePublicEventSearch({
    time: filters.time,
    universalSearch: filters.universalSearch || undefined,
    categoryId: filters.categoryId ? [Number(filters.categoryId)] : undefined,
    priority: filters.priority.length > 0 ? filters.priority : undefined,
    currentPage: table.page,
    itemsPerPage: INCIDENTS_PAGE_SIZE,
    sortProperty: table.sort?.property as 'fromTimestamp' | 'priority' | 'title' | undefined,
    sortDirection: table.sort?.direction,
  });

  const formatDate = (value: string | null) =>
    value ? formatDateTime(value, session?.timeZone, INCIDENT_DATE_FORMAT) : t('incidents.card.noEnd');
  const mapLink = (incident: TPublicEventListItem) => appPath(`/?occurrence=${incident.id}`);
  const categoryName = categories.data?.find((category) => String(category.id) === filters.categoryId)?.name;
  const emptyText = t(filters.time === 'CURRENT' ? 'incidents.list.emptyCurrent' : 'incidents.list.emptyFuture');

  const columns: TColumn<TPublicEventListItem>[] = [
    {
      key: 'title',
      title: t('incidents.fields.title'),
      sortProperty: 'title',
      render: (incident) => (
        <Anchor component={Link} to={mapLink(incident)} fw={600} inherit>
          {incident.title}
        </Anchor>
      ),
    },
    {
      key: 'category',
      title: t('incidents.fields.category'),
      render: (incident) => (
        <Text size="sm" component="div">
          <CategoryLabel category={incident.category} size={18} />
        </Text>
      ),
    },
    {
      key: 'priority',
      title: t('incidents.fields.priority'),
      sortProperty: 'priority',
      render: (incident) => <PriorityBadge priority={incident.priority} />,
    },
    {
      key: 'from',
      title: t('incidents.fields.from'),
      sortProperty: 'fromTimestamp',
      render: (incident) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(incident.fromTimestamp)}
        </Text>
      ),
    },
    {
      key: 'to',
      title: t('incidents.fields.to'),
      render: (incident) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(incident.toTimestamp)}
        </Text>
      ),
    },
    {
      key: 'systems',
      title: t('incidents.fields.affectedSystems'),
      render: (incident) => <AffectedSystems incident={incident} />,
    },
  ];

  return (
    <Stack gap="md">
      <SegmentedControl
        value={filters.time}
        onChange={(time) => set({ time: time as TTime })}
        data={[
          { value: 'CURRENT', label: t('incidents.list.current') },
          { value: 'FUTURE', label: t('incidents.list.future') },
        ]}
        fullWidth={!isDesktop}
        w={isDesktop ? 'fit-content' : undefined}
        aria-label={t('incidents.list.time')}
      />
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('incidents.list.search')}
        badges={[
          {
            key: 'category',
            label: t('incidents.fields.category'),
            value: categoryName,
            onClear: () => set({ categoryId: null }),
          },
          {
            key: 'priority',
            label: t('incidents.fields.priority'),
            value:
              filters.priority.length > 0
                ? filters.priority.map((priority) => t(`eventVocab.priority.${priority}`)).join(', ')
                : undefined,
            onClear: () => set({ priority: [] }),
          },
        ]}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('incidents.fields.category')}
            data={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
            value={filters.categoryId}
            onChange={(categoryId) => set({ categoryId })}
            searchable
            clearable
          />
          <MultiSelect
            label={t('incidents.fields.priority')}
            data={EVENT_PRIORITIES.map((priority) => ({
              value: priority,
              label: t(`eventVocab.priority.${priority}`),
            }))}
            value={filters.priority}
            onChange={(priority) => set({ priority: priority as TEventPriority[] })}
            clearable
          />
        </SimpleGrid>
      </FilterBar>
      {isDesktop ? (
        <DataTable
          caption={t('incidents.list.caption')}
          columns={columns}
          page={incidents.data}
          query={incidents}
          currentPage={table.page}
          sort={table.sort}
          isLoading={incidents.isFetching}
          emptyText={emptyText}
          rowKey={(incident) => incident.id}
          onSort={table.setSort}
          onPage={table.setPage}
        />
      ) : (
        <Stack gap="sm" component="section" aria-label={t('incidents.list.caption')}>
          {incidents.data?.content.map((incident) => (
            <IncidentListCard key={incident.id} incident={incident} to={mapLink(incident)} formatDate={formatDate} />
          ))}
          {!incidents.data && incidents.isLoading && (
            <Center mih={120}>
              <Text c="dimmed">{t('common.loading')}</Text>
            </Center>
          )}
          {incidents.data?.content.length === 0 && (
            <Center mih={120} data-testid="table-empty">
              <Text c="dimmed">{emptyText}</Text>
            </Center>
          )}
          {incidents.data && (
            <TablePagination
              page={table.page}
              totalPages={incidents.data.totalPages}
              totalItems={incidents.data.totalItems}
              onChange={table.setPage}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
