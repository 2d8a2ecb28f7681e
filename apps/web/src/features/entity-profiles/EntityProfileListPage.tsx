import { Anchor, Stack, Text } from '@mantine/core';
import type { TEntityProfile } from '@mip/shared';
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
import { deleteEntityProfile, useEntityProfileSearch } from './useEntityProfiles';

interface TEntityProfileFilters {
  universalSearch: string;
}

export const ENTITY_PROFILES_PAGE_SIZE = 20;

/** The kinds of entity and the roles their users may hold (the whole screen needs WRITE_ENTITY_PROFILE). */
export default function EntityProfileListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TEntityProfileFilters>('entity-profiles', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const profiles = useEntityProfileSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: ENTITY_PROFILES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (profile: TEntityProfile) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: profile.name,
      remove: () => deleteEntityProfile(profile.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['entity-profiles'] });
  };

  const columns: TColumn<TEntityProfile>[] = [
    {
      key: 'name',
      title: t('entityProfiles.fields.name'),
      sortProperty: 'name',
      render: (profile) => (
        <Anchor component={Link} to={appPath(`/entity-profile/${profile.id}`)} fw={600} inherit>
          {profile.name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      title: t('entityProfiles.fields.description'),
      render: (profile) =>
        profile.description ? (
          <Text size="sm" lineClamp={2} maw={380}>
            {profile.description}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'roles',
      title: t('entityProfiles.fields.roles'),
      render: (profile) =>
        profile.roles.length > 0 ? (
          <Text size="sm" lineClamp={2} maw={320}>
            {profile.roles.map((role) => role.name).join(', ')}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'entities',
      title: t('entityProfiles.fields.entitiesCount'),
      sortProperty: 'entitiesCount',
      render: (profile) => profile.entitiesCount,
    },
    rowActionsColumn<TEntityProfile>(t('table.actions'), true, (profile) => ({
      editTo: appPath(`/entity-profile/${profile.id}`),
      editLabel: t('entityProfiles.editNamed', { name: profile.name }),
      onDelete: () => void handleDelete(profile),
      deleteLabel: t('entityProfiles.deleteNamed', { name: profile.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('entityProfiles.search')}
        badges={[]}
        actions={
          <ToolbarAction
            to={appPath('/entity-profile/create')}
            icon={<IconPlus size={16} />}
            label={t('entityProfiles.add')}
          />
        }
      />
      <DataTable
        caption={t('pages.entityProfiles')}
        columns={columns}
        page={profiles.data}
        query={profiles}
        currentPage={table.page}
        sort={table.sort}
        isLoading={profiles.isFetching}
        emptyText={t('entityProfiles.noProfiles')}
        rowKey={(profile) => profile.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
