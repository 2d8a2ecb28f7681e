import { Anchor, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAP_LAYER_TYPES, type TMapLayer } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { StatusBadge, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { GroupIcon } from '../mobility-groups/GroupIcon';
import { TrafficFeedCard } from './TrafficFeedCard';
import { deleteMapLayer, useMapLayerSearch } from './useLayers';

interface TLayerFilters {
  universalSearch: string;
  type: string | null;
  /** 'true' offered on the map, 'false' staff only, null either. */
  offered: string | null;
}

export const LAYERS_PAGE_SIZE = 20;

/** /layers: the extra map layers (XYZ, WMS, TileJSON) and the Waze traffic feed. */
export default function LayerListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<TLayerFilters>('map-layers', {
    filters: { universalSearch: '', type: null, offered: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TLayerFilters>) => table.setFilters({ ...filters, ...patch });
  const layers = useMapLayerSearch({
    universalSearch: filters.universalSearch,
    type: filters.type,
    showExtraLayers: filters.offered,
    currentPage: table.page,
    itemsPerPage: LAYERS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (layer: TMapLayer) => {
    const isDeleted = await deleteWithConfirmation(t, { name: layer.name, remove: () => deleteMapLayer(layer.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['map-layers'] });
  };

  const typeOptions = MAP_LAYER_TYPES.map((type) => ({ value: type, label: t(`layers.types.${type}`) }));
  const offeredLabel = (offered: string) => t(offered === 'true' ? 'layers.offered' : 'layers.staffOnly');

  const columns: TColumn<TMapLayer>[] = [
    {
      key: 'name',
      title: t('layers.fields.name'),
      sortProperty: 'name',
      render: (layer) => (
        <Group gap="sm" wrap="nowrap">
          <GroupIcon icon={layer.icon} color={layer.color} />
          <Anchor component={Link} to={appPath(`/layers/${layer.id}`)} fw={600} inherit>
            {layer.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'type',
      title: t('layers.fields.type'),
      sortProperty: 'type',
      render: (layer) => t(`layers.types.${layer.type}`),
    },
    {
      key: 'url',
      title: t('layers.fields.url'),
      render: (layer) => (
        <Text size="xs" ff="monospace" maw={360} style={{ overflowWrap: 'anywhere' }}>
          {layer.url}
        </Text>
      ),
    },
    {
      key: 'offered',
      title: t('layers.fields.showExtraLayers'),
      render: (layer) => (
        <StatusBadge label={offeredLabel(String(layer.showExtraLayers))} isPositive={layer.showExtraLayers} />
      ),
    },
    {
      key: 'updatedAt',
      title: t('layers.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (layer) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(layer.updatedAt, session?.timeZone)}
        </Text>
      ),
    },
    rowActionsColumn<TMapLayer>(t('table.actions'), true, (layer) => ({
      editTo: appPath(`/layers/${layer.id}`),
      editLabel: t('layers.editNamed', { name: layer.name }),
      onDelete: () => void handleDelete(layer),
      deleteLabel: t('layers.deleteNamed', { name: layer.name }),
    })),
  ];

  return (
    <Stack gap="lg">
      <TrafficFeedCard />
      <Stack gap="md" component="section" aria-label={t('layers.listTitle')}>
        <FilterBar
          search={filters.universalSearch}
          onSearch={(universalSearch) => set({ universalSearch })}
          searchLabel={t('layers.search')}
          actions={
            <ToolbarAction to={appPath('/layers/create')} icon={<IconPlus size={16} />} label={t('layers.add')} />
          }
          badges={[
            {
              key: 'type',
              label: t('layers.fields.type'),
              value: filters.type ? t(`layers.types.${filters.type}`) : undefined,
              onClear: () => set({ type: null }),
            },
            {
              key: 'offered',
              label: t('layers.fields.showExtraLayers'),
              value: filters.offered ? offeredLabel(filters.offered) : undefined,
              onClear: () => set({ offered: null }),
            },
          ]}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('layers.fields.type')}
              data={typeOptions}
              clearable
              value={filters.type}
              onChange={(type) => set({ type })}
            />
            <Select
              label={t('layers.fields.showExtraLayers')}
              data={['true', 'false'].map((value) => ({ value, label: offeredLabel(value) }))}
              clearable
              value={filters.offered}
              onChange={(offered) => set({ offered })}
            />
          </SimpleGrid>
        </FilterBar>
        <DataTable
          caption={t('pages.layers')}
          columns={columns}
          page={layers.data}
          query={layers}
          currentPage={table.page}
          sort={table.sort}
          isLoading={layers.isFetching}
          emptyText={t('layers.noLayers')}
          rowKey={(layer) => layer.id}
          onSort={table.setSort}
          onPage={table.setPage}
        />
      </Stack>
    </Stack>
  );
}
