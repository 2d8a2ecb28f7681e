import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { can, DASHBOARD_STATUSES, type TDashboardStatus, type TDashboardSummary } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { DashboardPublicBadge, DashboardStatusBadge } from './DashboardBadges';
import { deleteDashboard, useDashboardSearch } from './useDashboards';

interface TDashboardFilters {
  universalSearch: string;
  status: TDashboardStatus | null;
  /** 'true' public, 'false' staff only, null either. */
  isPublic: string | null;
}

export const DASHBOARDS_PAGE_SIZE = 20;

/** /dashboards: the dashboards the user may see; managers also create, edit and delete them. */
export default function DashboardListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const canManage = can(session, { all: ['MANAGE_DASHBOARDS'] });
  const table = useTableState<TDashboardFilters>('dashboards', {
    filters: { universalSearch: '', status: null, isPublic: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TDashboardFilters>) => table.setFilters({ ...filters, ...patch });
  const dashboards = useDashboardSearch({
    universalSearch: filters.universalSearch,
    status: filters.status,
    isPublic: filters.isPublic,
    currentPage: table.page,
    itemsPerPage: DASHBOARDS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (dashboard: TDashboardSummary) => {
    // A dashboard goes with all its widgets and its public address: nothing brings them back.
    const isDeleted = await deleteWithConfirmation(t, {
      name: dashboard.name,
      remove: () => deleteDashboard(dashboard.id),
      requireText: dashboard.name,
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['dashboards'] });
  };

  const statusOptions = DASHBOARD_STATUSES.map((status) => ({
    value: status,
    label: t(`dashboards.statuses.${status}`),
  }));
  const publicLabel = (value: string) => t(value === 'true' ? 'dashboards.public' : 'dashboards.private');

  const columns: TColumn<TDashboardSummary>[] = [
    {
      key: 'name',
      title: t('dashboards.fields.name'),
      sortProperty: 'name',
      render: (dashboard) => (
        <Stack gap={2}>
          <Anchor component={Link} to={appPath(`/dashboard/${dashboard.id}`)} fw={600} inherit>
            {dashboard.name}
          </Anchor>
          {dashboard.description && (
            <Text size="xs" c="dimmed" lineClamp={2} maw={420}>
              {dashboard.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      title: t('dashboards.fields.status'),
      sortProperty: 'status',
      render: (dashboard) => <DashboardStatusBadge status={dashboard.status} />,
    },
    {
      key: 'isPublic',
      title: t('dashboards.fields.isPublic'),
      render: (dashboard) => <DashboardPublicBadge isPublic={dashboard.isPublic} />,
    },
    {
      key: 'widgetCount',
      title: t('dashboards.fields.widgetCount'),
      render: (dashboard) => dashboard.widgetCount,
    },
    {
      key: 'updatedAt',
      title: t('dashboards.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (dashboard) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(dashboard.updatedAt, session?.timeZone)}
        </Text>
      ),
    },
    // A manager limited to some entities may see, as a reader, dashboards of entities outside their scope: not theirs to change.
    rowActionsColumn<TDashboardSummary>(t('table.actions'), canManage, (dashboard) => ({
      editTo: dashboard.editable ? appPath(`/dashboard/${dashboard.id}/edit`) : undefined,
      isDeleteDisabled: !dashboard.editable,
      editLabel: t('dashboards.editNamed', { name: dashboard.name }),
      onDelete: () => void handleDelete(dashboard),
      deleteLabel: t('dashboards.deleteNamed', { name: dashboard.name }),
    })),
  ];

  return (
    <Stack gap="md" component="section" aria-label={t('pages.dashboards')}>
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('dashboards.search')}
        actions={
          canManage && (
            <ToolbarAction
              to={appPath('/dashboard/create')}
              icon={<IconPlus size={16} />}
              label={t('dashboards.add')}
            />
          )
        }
        badges={[
          {
            key: 'status',
            label: t('dashboards.fields.status'),
            value: filters.status ? t(`dashboards.statuses.${filters.status}`) : undefined,
            onClear: () => set({ status: null }),
          },
          {
            key: 'isPublic',
            label: t('dashboards.fields.isPublic'),
            value: filters.isPublic ? publicLabel(filters.isPublic) : undefined,
            onClear: () => set({ isPublic: null }),
          },
        ]}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('dashboards.fields.status')}
            data={statusOptions}
            clearable
            value={filters.status}
            onChange={(status) => set({ status: status as TDashboardStatus | null })}
          />
          <Select
            label={t('dashboards.fields.isPublic')}
            data={['true', 'false'].map((value) => ({ value, label: publicLabel(value) }))}
            clearable
            value={filters.isPublic}
            onChange={(isPublic) => set({ isPublic })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.dashboards')}
        columns={columns}
        page={dashboards.data}
        query={dashboards}
        currentPage={table.page}
        sort={table.sort}
        isLoading={dashboards.isFetching}
        emptyText={t('dashboards.noDashboards')}
        rowKey={(dashboard) => dashboard.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
