import { Anchor, ColorSwatch, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MOBILITY_SYSTEM_TYPES, type TMobilitySystemListItem } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import type { TOption } from '../../components/select/RemoteSelect';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { ActiveBadge } from '../entities/ActiveBadge';
import { MobilityGroupSelect } from '../mobility-groups/MobilityGroupSelect';
import { deleteMobilitySystem, useMobilitySystemSearch } from './useMobilitySystems';

interface TSystemFilters {
  universalSearch: string;
  group: TOption | null;
  systemType: string | null;
  status: string | null;
}

export const MOBILITY_SYSTEMS_PAGE_SIZE = 20;

/** /mobile-systems: stops, routes and other systems, by group and type. */
export default function MobilitySystemListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<TSystemFilters>('mobility-systems', {
    filters: { universalSearch: '', group: null, systemType: null, status: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const systems = useMobilitySystemSearch({
    universalSearch: filters.universalSearch,
    parentId: filters.group ? [filters.group.id] : undefined,
    systemType: filters.systemType,
    active: filters.status === null ? undefined : filters.status === 'ACTIVE',
    currentPage: table.page,
    itemsPerPage: MOBILITY_SYSTEMS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (system: TMobilitySystemListItem) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: system.name,
      remove: () => deleteMobilitySystem(system.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['mobility-systems'] });
  };

  const columns: TColumn<TMobilitySystemListItem>[] = [
    {
      key: 'name',
      title: t('mobility.fields.name'),
      sortProperty: 'name',
      render: (system) => (
        <Group gap="sm" wrap="nowrap">
          {system.color && <ColorSwatch color={system.color} size={14} aria-hidden />}
          <Anchor component={Link} to={appPath(`/mobile-systems/${system.id}`)} fw={600} inherit>
            {system.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'type',
      title: t('mobility.fields.systemType'),
      sortProperty: 'systemType',
      render: (system) => t(`mobility.systemTypes.${system.systemType}`),
    },
    {
      key: 'group',
      title: t('mobility.fields.group'),
      sortProperty: 'parentName',
      render: (system) => <Text size="sm">{system.parent.name}</Text>,
    },
    {
      key: 'parentSystem',
      title: t('mobility.fields.parentSystem'),
      render: (system) => (system.parentSystem ? <Text size="sm">{system.parentSystem.name}</Text> : <NoValue />),
    },
    {
      key: 'status',
      title: t('mobility.fields.status'),
      render: (system) => <ActiveBadge active={system.active} />,
    },
    {
      key: 'updatedAt',
      title: t('mobility.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (system) => <Text size="sm">{formatDateTime(system.updatedAt, session?.timeZone)}</Text>,
    },
    rowActionsColumn<TMobilitySystemListItem>(t('table.actions'), true, (system) => ({
      editTo: appPath(`/mobile-systems/${system.id}`),
      editLabel: t('mobility.editNamed', { name: system.name }),
      onDelete: () => void handleDelete(system),
      deleteLabel: t('mobility.deleteNamed', { name: system.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ ...filters, universalSearch })}
        searchLabel={t('mobility.systemSearch')}
        badges={[
          {
            key: 'group',
            label: t('mobility.fields.group'),
            value: filters.group?.name,
            onClear: () => table.setFilters({ ...filters, group: null }),
          },
          {
            key: 'systemType',
            label: t('mobility.fields.systemType'),
            value: filters.systemType ? t(`mobility.systemTypes.${filters.systemType}`) : undefined,
            onClear: () => table.setFilters({ ...filters, systemType: null }),
          },
          {
            key: 'status',
            label: t('mobility.fields.status'),
            value: filters.status ? t(`entities.status.${filters.status}`) : undefined,
            onClear: () => table.setFilters({ ...filters, status: null }),
          },
        ]}
        actions={
          <ToolbarAction
            to={appPath('/mobile-systems/create')}
            icon={<IconPlus size={16} />}
            label={t('mobility.addSystem')}
          />
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MobilityGroupSelect
            label={t('mobility.fields.group')}
            value={filters.group?.id ?? null}
            onChange={(_id, group) => table.setFilters({ ...filters, group })}
          />
          <Select
            label={t('mobility.fields.systemType')}
            clearable
            data={MOBILITY_SYSTEM_TYPES.map((type) => ({ value: type, label: t(`mobility.systemTypes.${type}`) }))}
            value={filters.systemType}
            onChange={(systemType) => table.setFilters({ ...filters, systemType })}
          />
          <Select
            label={t('mobility.fields.status')}
            clearable
            data={['ACTIVE', 'INACTIVE'].map((status) => ({ value: status, label: t(`entities.status.${status}`) }))}
            value={filters.status}
            onChange={(status) => table.setFilters({ ...filters, status })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.mobilitySystems')}
        columns={columns}
        page={systems.data}
        query={systems}
        currentPage={table.page}
        sort={table.sort}
        isLoading={systems.isFetching}
        emptyText={t('mobility.noSystems')}
        rowKey={(system) => system.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
