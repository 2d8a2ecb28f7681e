import { Anchor, Badge, Button, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { type TUserListItem, USER_STATUSES } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { deleteWithConfirmation } from '../../components/delete-record';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { formatDateTime, LAST_LOGIN_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { EntitySelect } from '../entities/EntitySelect';
import { RoleSelect } from '../roles/RoleSelect';
import { deleteUser, useUserSearch } from './useUsers';

export interface TUserFilters {
  universalSearch: string;
  entityId: number | null;
  entityName: string | null;
  includeChildrenEntities: boolean;
  type: string;
  roleId: number | null;
  roleName: string | null;
  status: string;
}

const INITIAL_FILTERS: TUserFilters = {
  universalSearch: '',
  entityId: null,
  entityName: null,
  includeChildrenEntities: false,
  type: 'ANY',
  roleId: null,
  roleName: null,
  status: 'ANY',
};
export const USERS_PAGE_SIZE = 20;

/** Spec 000 §2: search, filter panel, add button, sortable paginated table, 'no users found'. */
export default function UserListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TUserFilters>('users', {
    filters: INITIAL_FILTERS,
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const canReadEntities = canAccess({ all: ['READ_ENTITY'] }, session);
  const canWrite = canAccess({ all: ['WRITE_USER'] }, session);
  const timeZone = session?.timeZone;

  const users = useUserSearch({
    universalSearch: filters.universalSearch,
    entityId: canReadEntities ? filters.entityId : undefined,
    includeChildrenEntities: canReadEntities && filters.entityId ? filters.includeChildrenEntities : undefined,
    type: filters.type === 'ANY' ? undefined : filters.type,
    roleId: filters.roleId,
    status: filters.status === 'ANY' ? undefined : filters.status,
    currentPage: table.page,
    itemsPerPage: USERS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const set = (patch: Partial<TUserFilters>) => table.setFilters({ ...filters, ...patch });
  const statusLabel = (status: string) => t(`users.status.${status}`);

  const handleDelete = async (user: TUserListItem) => {
    const isDeleted = await deleteWithConfirmation(t, { name: user.name, remove: () => deleteUser(user.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['users'] });
  };

  const columns: TColumn<TUserListItem>[] = [
    {
      key: 'name',
      title: t('users.fields.name'),
      sortProperty: 'name',
      render: (user) => (
        <Anchor component={Link} to={appPath(`/user/${user.id}`)} fw={600}>
          {user.name}
        </Anchor>
      ),
    },
    { key: 'email', title: t('users.fields.email'), sortProperty: 'email', render: (user) => user.email },
    {
      key: 'entity',
      title: t('users.fields.entity'),
      sortProperty: 'entityName',
      hidden: !canReadEntities,
      render: (user) => user.entityName,
    },
    { key: 'role', title: t('users.fields.role'), sortProperty: 'roleName', render: (user) => user.roleName },
    {
      key: 'status',
      title: t('users.fields.status'),
      sortProperty: 'status',
      render: (user) => (
        <Badge color={user.status === 'ACTIVE' ? 'teal' : 'gray'} variant="dot">
          {statusLabel(user.status)}
        </Badge>
      ),
    },
    {
      key: 'lastLogin',
      title: t('users.fields.lastLogin'),
      sortProperty: 'lastLoginTimestamp',
      render: (user) =>
        user.lastLoginTimestamp ? (
          formatDateTime(user.lastLoginTimestamp, timeZone, LAST_LOGIN_FORMAT)
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.neverSignedIn')}
          </Text>
        ),
    },
    rowActionsColumn<TUserListItem>(t('table.actions'), canWrite, (user) => ({
      editTo: appPath(`/user/${user.id}`),
      editLabel: t('users.editNamed', { name: user.name }),
      onDelete: () => void handleDelete(user),
      deleteLabel: t('users.deleteNamed', { name: user.name }),
      isDeleteDisabled: user.id === session?.id,
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('users.search')}
        actions={
          canWrite && (
            <Button component={Link} to={appPath('/user/create')} leftSection={<IconPlus size={16} />}>
              {t('users.add')}
            </Button>
          )
        }
        badges={[
          ...(canReadEntities
            ? [
                {
                  key: 'entity',
                  label: t('users.fields.entity'),
                  value: filters.entityName ?? undefined,
                  onClear: () =>
                    set({
                      entityId: null,
                      entityName: null,
                      includeChildrenEntities: false,
                      roleId: null,
                      roleName: null,
                    }),
                },
              ]
            : []),
          {
            key: 'children',
            label: t('users.filters.includeChildren'),
            value: filters.entityId && filters.includeChildrenEntities ? t('common.yes') : undefined,
            onClear: () => set({ includeChildrenEntities: false }),
          },
          {
            key: 'type',
            label: t('users.fields.type'),
            value: t(`users.types.${filters.type}`),
            ignore: [t('users.types.ANY')],
            onClear: () => set({ type: 'ANY' }),
          },
          {
            key: 'role',
            label: t('users.fields.role'),
            value: filters.roleName ?? undefined,
            onClear: () => set({ roleId: null, roleName: null }),
          },
          {
            key: 'status',
            label: t('users.fields.status'),
            value: statusLabel(filters.status),
            ignore: [statusLabel('ANY')],
            onClear: () => set({ status: 'ANY' }),
          },
        ]}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {canReadEntities && (
            <EntitySelect
              label={t('users.fields.entity')}
              value={filters.entityId}
              // Spec 000 §5: choosing an entity clears the role filter.
              onChange={(entityId, option) =>
                set({
                  entityId,
                  entityName: option?.name ?? null,
                  includeChildrenEntities: entityId ? filters.includeChildrenEntities : false,
                  roleId: null,
                  roleName: null,
                })
              }
            />
          )}
          {canReadEntities && (
            <Switch
              mt={{ sm: 30 }}
              label={t('users.filters.includeChildren')}
              // Spec 000 §5: disabled until an entity is chosen.
              disabled={!filters.entityId}
              checked={filters.includeChildrenEntities}
              onChange={(event) => set({ includeChildrenEntities: event.currentTarget.checked })}
            />
          )}
          <Select
            label={t('users.fields.type')}
            data={['ANY', 'NORMAL'].map((value) => ({ value, label: t(`users.types.${value}`) }))}
            value={filters.type}
            onChange={(type) => set({ type: type ?? 'ANY' })}
            allowDeselect={false}
          />
          <RoleSelect
            label={t('users.fields.role')}
            entityId={filters.entityId}
            value={filters.roleId}
            onChange={(roleId, option) => set({ roleId, roleName: option?.name ?? null })}
          />
          <Select
            label={t('users.fields.status')}
            data={['ANY', ...USER_STATUSES].map((value) => ({ value, label: statusLabel(value) }))}
            value={filters.status}
            onChange={(status) => set({ status: status ?? 'ANY' })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.users')}
        columns={columns}
        page={users.data}
        query={users}
        currentPage={table.page}
        sort={table.sort}
        isLoading={users.isFetching}
        emptyText={t('users.noUsers')}
        rowKey={(user) => user.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
