import { Anchor, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MOBILITY_GROUP_TYPES, MOBILITY_LAYER_TYPES, type TMobilityGroup } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { GroupIcon } from './GroupIcon';
import { deleteMobilityGroup, useMobilityGroupSearch } from './useMobilityGroups';

interface TGroupFilters {
  universalSearch: string;
  type: string | null;
  layerType: string | null;
}

export const MOBILITY_GROUPS_PAGE_SIZE = 20;

/** /mobile-system-groups: the groups that organise stops, routes and other systems on the map. */
export default function MobilityGroupListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TGroupFilters>('mobility-groups', {
    filters: { universalSearch: '', type: null, layerType: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const groups = useMobilityGroupSearch({
    universalSearch: table.filters.universalSearch,
    type: table.filters.type,
    layerType: table.filters.layerType,
    currentPage: table.page,
    itemsPerPage: MOBILITY_GROUPS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (group: TMobilityGroup) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: group.name,
      remove: () => deleteMobilityGroup(group.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['mobility-groups'] });
  };

  const typeOptions = MOBILITY_GROUP_TYPES.map((type) => ({ value: type, label: t(`mobility.groupTypes.${type}`) }));
  const layerOptions = MOBILITY_LAYER_TYPES.map((type) => ({ value: type, label: t(`mobility.layerTypes.${type}`) }));

  const columns: TColumn<TMobilityGroup>[] = [
    {
      key: 'name',
      title: t('mobility.fields.name'),
      sortProperty: 'name',
      render: (group) => (
        <Group gap="sm" wrap="nowrap">
          <GroupIcon icon={group.icon} color={group.color} />
          <Anchor component={Link} to={appPath(`/mobile-system-groups/${group.id}`)} fw={600} inherit>
            {group.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'type',
      title: t('mobility.fields.groupType'),
      sortProperty: 'type',
      render: (group) => t(`mobility.groupTypes.${group.type}`),
    },
    {
      key: 'layerType',
      title: t('mobility.fields.layerType'),
      sortProperty: 'layerType',
      render: (group) => t(`mobility.layerTypes.${group.layerType}`),
    },
    {
      key: 'parent',
      title: t('mobility.fields.parentGroup'),
      render: (group) => (group.parent ? <Text size="sm">{group.parent.name}</Text> : <NoValue />),
    },
    {
      key: 'entity',
      title: t('mobility.fields.entity'),
      render: (group) => <Text size="sm">{group.entity.name}</Text>,
    },
    {
      key: 'systems',
      title: t('mobility.fields.systemsCount'),
      sortProperty: 'systemsCount',
      render: (group) => group.systemsCount,
    },
    rowActionsColumn<TMobilityGroup>(t('table.actions'), true, (group) => ({
      editTo: appPath(`/mobile-system-groups/${group.id}`),
      editLabel: t('mobility.editNamed', { name: group.name }),
      onDelete: () => void handleDelete(group),
      deleteLabel: t('mobility.deleteNamed', { name: group.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ ...table.filters, universalSearch })}
        searchLabel={t('mobility.groupSearch')}
        badges={[
          {
            key: 'type',
            label: t('mobility.fields.groupType'),
            value: table.filters.type ? t(`mobility.groupTypes.${table.filters.type}`) : undefined,
            onClear: () => table.setFilters({ ...table.filters, type: null }),
          },
          {
            key: 'layerType',
            label: t('mobility.fields.layerType'),
            value: table.filters.layerType ? t(`mobility.layerTypes.${table.filters.layerType}`) : undefined,
            onClear: () => table.setFilters({ ...table.filters, layerType: null }),
          },
        ]}
        actions={
          <ToolbarAction
            to={appPath('/mobile-system-groups/create')}
            icon={<IconPlus size={16} />}
            label={t('mobility.addGroup')}
          />
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('mobility.fields.groupType')}
            data={typeOptions}
            clearable
            value={table.filters.type}
            onChange={(type) => table.setFilters({ ...table.filters, type })}
          />
          <Select
            label={t('mobility.fields.layerType')}
            data={layerOptions}
            clearable
            value={table.filters.layerType}
            onChange={(layerType) => table.setFilters({ ...table.filters, layerType })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.mobilityGroups')}
        columns={columns}
        page={groups.data}
        query={groups}
        currentPage={table.page}
        sort={table.sort}
        isLoading={groups.isFetching}
        emptyText={t('mobility.noGroups')}
        rowKey={(group) => group.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
