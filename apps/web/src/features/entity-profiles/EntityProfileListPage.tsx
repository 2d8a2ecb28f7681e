import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { TEntityProfile } from '@mip/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { NoValue, ToolbarAction } from '../entities/display';
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
    {
      key: 'actions',
      title: t('table.actions'),
      width: 96,
      render: (profile) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={appPath(`/entity-profile/${profile.id}`)}
              aria-label={t('entityProfiles.editNamed', { name: profile.name })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => void handleDelete(profile)}
              aria-label={t('entityProfiles.deleteNamed', { name: profile.name })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
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
