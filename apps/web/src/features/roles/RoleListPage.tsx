import { Anchor, Stack, Text } from '@mantine/core';
import type { TRole } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { useSession } from '../auth/session-store';
import { deleteRole, useRoleSearch } from './useRoles';

interface TRoleFilters {
  universalSearch: string;
}

export const ROLES_PAGE_SIZE = 20;

/** Roles (READ_ROLE or WRITE_ROLE): search, sortable table; add and delete with WRITE_ROLE. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TRoleFilters>('roles', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const canWrite = canAccess({ all: ['WRITE_ROLE'] }, session);
  const roles = useRoleSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: ROLES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (role: TRole) => {
    const isDeleted = await deleteWithConfirmation(t, { name: role.name, remove: () => deleteRole(role.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['roles'] });
  };

  const columns: TColumn<TRole>[] = [
    {
      key: 'name',
      title: t('roles.fields.name'),
      sortProperty: 'name',
      render: (role) => (
        <Anchor component={Link} to={appPath(`/role/${role.id}`)} fw={600} inherit>
          {role.name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      title: t('roles.fields.description'),
      render: (role) =>
        role.description ? (
          <Text size="sm" lineClamp={2} maw={420}>
            {role.description}
          </Text>
        ) : (
          <NoValue />
        ),
    },
    {
      key: 'permissions',
      title: t('roles.fields.permissions'),
      render: (role) => t('roles.permissionCount', { count: role.permissions.length }),
    },
    {
      key: 'users',
      title: t('roles.fields.usersCount'),
      sortProperty: 'usersCount',
      render: (role) => role.usersCount,
    },
    rowActionsColumn<TRole>(t('table.actions'), canWrite, (role) => ({
      editTo: appPath(`/role/${role.id}`),
      editLabel: t('roles.editNamed', { name: role.name }),
      onDelete: () => void handleDelete(role),
      deleteLabel: t('roles.deleteNamed', { name: role.name }),
      // One's own role cannot go while it is in use by this very session.
      isDeleteDisabled: role.id === session?.role.id,
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('roles.search')}
        badges={[]}
        actions={
          canWrite && (
            <ToolbarAction to={appPath('/role/create')} icon={<IconPlus size={16} />} label={t('roles.add')} />
          )
        }
      />
      <DataTable
        caption={t('pages.roles')}
        columns={columns}
        page={roles.data}
        query={roles}
        currentPage={table.page}
        sort={table.sort}
        isLoading={roles.isFetching}
        emptyText={t('roles.noRoles')}
        rowKey={(role) => role.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
