import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { TEntitySearchItem } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { useSession } from '../auth/session-store';
import { EntityProfileSelect } from '../entity-profiles/EntityProfileSelect';
import { ActiveBadge } from './ActiveBadge';
import { EntityLink } from './EntityLink';
import { canLinkToEntity } from './entity-links';
import { deleteEntity, useEntitySearch } from './useEntities';

export interface TEntityFilters {
  universalSearch: string;
  profileId: number | null;
  profileName: string | null;
  onlyRootEntities: boolean;
  status: 'ANY' | 'ACTIVE' | 'INACTIVE';
}

const INITIAL_FILTERS: TEntityFilters = {
  universalSearch: '',
  profileId: null,
  profileName: null,
  onlyRootEntities: false,
  status: 'ANY',
};
export const ENTITIES_PAGE_SIZE = 20;

/** The entities the user may see: search, filters by profile, root-only and status; add and delete with WRITE_ENTITY. */
export default function EntityListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TEntityFilters>('entities', {
    filters: INITIAL_FILTERS,
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const canWrite = canAccess({ all: ['WRITE_ENTITY'] }, session);

  const entities = useEntitySearch({
    universalSearch: filters.universalSearch,
    profileIds: filters.profileId ? [filters.profileId] : undefined,
    onlyRootEntities: filters.onlyRootEntities || undefined,
    active: filters.status === 'ANY' ? undefined : filters.status === 'ACTIVE',
    currentPage: table.page,
    itemsPerPage: ENTITIES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const set = (patch: Partial<TEntityFilters>) => table.setFilters({ ...filters, ...patch });
  const statusLabel = (status: string) => t(`entities.status.${status}`);

  const handleDelete = async (entity: TEntitySearchItem) => {
    const isDeleted = await deleteWithConfirmation(t, { name: entity.name, remove: () => deleteEntity(entity.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['entities'] });
  };

  const columns: TColumn<TEntitySearchItem>[] = [
    {
      key: 'name',
      title: t('entities.fields.name'),
      sortProperty: 'name',
      render: (entity) => <EntityLink entity={entity} fw={600} />,
    },
    {
      key: 'vatNumber',
      title: t('entities.fields.vatNumber'),
      sortProperty: 'vatNumber',
      render: (entity) => entity.vatNumber ?? <NoValue />,
    },
    {
      key: 'profile',
      title: t('entities.fields.profile'),
      sortProperty: 'profileName',
      render: (entity) => entity.profile?.name ?? <NoValue />,
    },
    {
      key: 'parent',
      title: t('entities.fields.parent'),
      sortProperty: 'parentName',
      render: (entity) => (entity.parent ? <EntityLink entity={entity.parent} /> : <NoValue />),
    },
    {
      key: 'children',
      title: t('entities.fields.childrenCount'),
      render: (entity) => entity.childrenCount,
    },
    {
      key: 'active',
      title: t('entities.fields.status'),
      render: (entity) => <ActiveBadge active={entity.active} />,
    },
    rowActionsColumn<TEntitySearchItem>(t('table.actions'), canWrite, (entity) => ({
      editTo: canLinkToEntity(session, entity.id) ? appPath(`/entity/${entity.id}`) : undefined,
      editLabel: t('entities.editNamed', { name: entity.name }),
      onDelete: () => void handleDelete(entity),
      deleteLabel: t('entities.deleteNamed', { name: entity.name }),
      // Deleting one's own entity would leave the session without one.
      isDeleteDisabled: entity.id === session?.entity.id,
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('entities.search')}
        actions={
          canWrite && (
            <ToolbarAction to={appPath('/entity/create')} icon={<IconPlus size={16} />} label={t('entities.add')} />
          )
        }
        badges={[
          {
            key: 'profile',
            label: t('entities.fields.profile'),
            value: filters.profileName ?? undefined,
            onClear: () => set({ profileId: null, profileName: null }),
          },
          {
            key: 'root',
            label: t('entities.filters.onlyRoot'),
            value: filters.onlyRootEntities ? t('common.yes') : undefined,
            onClear: () => set({ onlyRootEntities: false }),
          },
          {
            key: 'status',
            label: t('entities.fields.status'),
            value: statusLabel(filters.status),
            ignore: [statusLabel('ANY')],
            onClear: () => set({ status: 'ANY' }),
          },
        ]}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <EntityProfileSelect
            label={t('entities.fields.profile')}
            value={filters.profileId}
            onChange={(profileId, option) => set({ profileId, profileName: option?.name ?? null })}
          />
          <Select
            label={t('entities.fields.status')}
            data={(['ANY', 'ACTIVE', 'INACTIVE'] as const).map((value) => ({ value, label: statusLabel(value) }))}
            value={filters.status}
            onChange={(status) => set({ status: (status as TEntityFilters['status'] | null) ?? 'ANY' })}
            allowDeselect={false}
          />
          <Switch
            mt={{ lg: 30 }}
            label={t('entities.filters.onlyRoot')}
            checked={filters.onlyRootEntities}
            onChange={(event) => set({ onlyRootEntities: event.currentTarget.checked })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.entities')}
        columns={columns}
        page={entities.data}
        query={entities}
        currentPage={table.page}
        sort={table.sort}
        isLoading={entities.isFetching}
        emptyText={t('entities.noEntities')}
        rowKey={(entity) => entity.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
