import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { APPLICATION_TYPES, type TApplicationListItem, verticalAppPath } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { NoValue, StatusBadge, ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { ApplicationLogo } from './ApplicationLogo';
import { deleteApplication, useApplicationSearch } from './useApplications';

interface TApplicationFilters {
  universalSearch: string;
  type: string | null;
}

export const APPLICATIONS_PAGE_SIZE = 20;

/** A long address wraps after a slash or a dot, not in the middle of a word (the column is narrow on a phone). */
function withBreaksAfterSeparators(address: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const part of address.split(/(?<=[/.])/)) {
    if (offset > 0) nodes.push(<wbr key={offset} />);
    nodes.push(part);
    offset += part.length;
  }
  return nodes;
}

/** /apps: the applications the portal lists (spec 000 §2, WRITE_ROLE). */
export default function ApplicationListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TApplicationFilters>('applications', {
    filters: { universalSearch: '', type: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TApplicationFilters>) => table.setFilters({ ...filters, ...patch });
  const applications = useApplicationSearch({
    universalSearch: filters.universalSearch,
    type: filters.type,
    currentPage: table.page,
    itemsPerPage: APPLICATIONS_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (application: TApplicationListItem) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: application.name,
      remove: () => deleteApplication(application.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['applications'] });
  };

  const typeOptions = APPLICATION_TYPES.map((type) => ({ value: type, label: t(`applications.types.${type}`) }));

  const columns: TColumn<TApplicationListItem>[] = [
    {
      key: 'name',
      title: t('applications.fields.name'),
      sortProperty: 'name',
      render: (application) => (
        <Group gap="sm" wrap="nowrap">
          <ApplicationLogo logo={application.logo} size={28} />
          <Anchor component={Link} to={appPath(`/apps/${application.id}`)} fw={600} inherit>
            {application.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'type',
      title: t('applications.fields.type'),
      sortProperty: 'type',
      render: (application) => t(`applications.types.${application.type}`),
    },
    {
      key: 'address',
      title: t('applications.fields.address'),
      render: (application) => {
        const address =
          application.type === 'VERTICAL_APP_BASED' ? verticalAppPath(application.id) : application.configs.url;
        return address ? (
          <Text size="xs" ff="monospace" miw={150} maw={320} style={{ overflowWrap: 'anywhere' }}>
            {withBreaksAfterSeparators(address)}
          </Text>
        ) : (
          <NoValue />
        );
      },
    },
    {
      key: 'withAuth',
      title: t('applications.sections.access'),
      render: (application) => (
        <StatusBadge
          label={t(application.withAuth ? 'applications.signedInOnly' : 'applications.everyone')}
          isPositive={!application.withAuth}
        />
      ),
    },
    {
      key: 'profile',
      title: t('applications.fields.profile'),
      render: (application) => (application.profile ? application.profile.name : <NoValue />),
    },
    rowActionsColumn<TApplicationListItem>(t('table.actions'), true, (application) => ({
      editTo: appPath(`/apps/${application.id}`),
      editLabel: t('applications.editNamed', { name: application.name }),
      onDelete: () => void handleDelete(application),
      deleteLabel: t('applications.deleteNamed', { name: application.name }),
    })),
  ];

  return (
    <Stack gap="md" component="section" aria-label={t('pages.applications')}>
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('applications.search')}
        actions={
          <ToolbarAction to={appPath('/apps/create')} icon={<IconPlus size={16} />} label={t('applications.add')} />
        }
        badges={[
          {
            key: 'type',
            label: t('applications.fields.type'),
            value: filters.type ? t(`applications.types.${filters.type}`) : undefined,
            onClear: () => set({ type: null }),
          },
        ]}
      >
        <Select
          label={t('applications.fields.type')}
          data={typeOptions}
          clearable
          value={filters.type}
          onChange={(type) => set({ type })}
          maw={360}
        />
      </FilterBar>
      <DataTable
        caption={t('pages.applications')}
        columns={columns}
        page={applications.data}
        query={applications}
        currentPage={table.page}
        sort={table.sort}
        isLoading={applications.isFetching}
        emptyText={t('applications.noApplications')}
        rowKey={(application) => application.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
