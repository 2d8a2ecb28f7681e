import { Anchor, Card, Stack, Title } from '@mantine/core';
import type { TEntitySearchItem, TUserListItem } from '@mip/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { NoValue, StatusBadge } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { useTableState } from '../../components/table/useTableState';
import { useSession } from '../auth/session-store';
import { useUserSearch } from '../users/useUsers';
import { ActiveBadge } from './ActiveBadge';
import { EntityLink } from './EntityLink';
import { useEntitySearch } from './useEntities';

export const RELATED_PAGE_SIZE = 10;

interface TRelatedFilters {
  universalSearch: string;
}

/** The direct sub-entities of one entity, each linking to its record when the user may open it. */
export function EntityChildrenTable({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const table = useTableState<TRelatedFilters>(`entity-${entityId}-children`, {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const children = useEntitySearch({
    parentId: entityId,
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: RELATED_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });
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
    { key: 'children', title: t('entities.fields.childrenCount'), render: (entity) => entity.childrenCount },
    { key: 'active', title: t('entities.fields.status'), render: (entity) => <ActiveBadge active={entity.active} /> },
  ];
  return (
    <RelatedSection title={t('entities.childrenTitle')} testId="entity-children">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('entities.searchChildren')}
        badges={[]}
      />
      <DataTable
        caption={t('entities.childrenTitle')}
        columns={columns}
        page={children.data}
        query={children}
        currentPage={table.page}
        sort={table.sort}
        isLoading={children.isFetching}
        emptyText={t(table.filters.universalSearch ? 'entities.noEntities' : 'entities.noChildren')}
        rowKey={(entity) => entity.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </RelatedSection>
  );
}

/** The users of one entity (READ_USER), each linking to their record. */
export function EntityUsersTable({ entityId }: { entityId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const appPath = useAppPath();
  const table = useTableState<TRelatedFilters>(`entity-${entityId}-users`, {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const canReadUsers = canAccess({ all: ['READ_USER'] }, session);
  const users = useUserSearch(
    {
      entityId,
      universalSearch: table.filters.universalSearch,
      currentPage: table.page,
      itemsPerPage: RELATED_PAGE_SIZE,
      sortProperty: table.sort?.property,
      sortDirection: table.sort?.direction,
    },
    { enabled: canReadUsers },
  );
  if (!canReadUsers) return null;
  const columns: TColumn<TUserListItem>[] = [
    {
      key: 'name',
      title: t('users.fields.name'),
      sortProperty: 'name',
      render: (user) => (
        <Anchor component={Link} to={appPath(`/user/${user.id}`)} fw={600} inherit>
          {user.name}
        </Anchor>
      ),
    },
    { key: 'email', title: t('users.fields.email'), sortProperty: 'email', render: (user) => user.email },
    { key: 'role', title: t('users.fields.role'), sortProperty: 'roleName', render: (user) => user.roleName },
    {
      key: 'status',
      title: t('users.fields.status'),
      sortProperty: 'status',
      render: (user) => <StatusBadge label={t(`users.status.${user.status}`)} isPositive={user.status === 'ACTIVE'} />,
    },
  ];
  return (
    <RelatedSection title={t('entities.usersTitle')} testId="entity-users">
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('entities.searchUsers')}
        badges={[]}
      />
      <DataTable
        caption={t('entities.usersTitle')}
        columns={columns}
        page={users.data}
        query={users}
        currentPage={table.page}
        sort={table.sort}
        isLoading={users.isFetching}
        emptyText={t(table.filters.universalSearch ? 'users.noUsers' : 'entities.noUsers')}
        rowKey={(user) => user.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </RelatedSection>
  );
}

function RelatedSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
