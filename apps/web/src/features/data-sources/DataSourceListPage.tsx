import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { TDataSourceSummary } from '@mip/shared';
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
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { deleteDataSource, useDataSourceSearch } from './useDataSources';

export const DATA_SOURCES_PAGE_SIZE = 20;

/** /data-sources: the SQL queries dashboard widgets draw. */
export default function DataSourceListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<{ universalSearch: string }>('data-sources', {
    filters: { universalSearch: '' },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const sources = useDataSourceSearch({
    universalSearch: table.filters.universalSearch,
    currentPage: table.page,
    itemsPerPage: DATA_SOURCES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (source: TDataSourceSummary) => {
    const isDeleted = await deleteWithConfirmation(t, { name: source.name, remove: () => deleteDataSource(source.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['data-sources'] });
  };

  const columns: TColumn<TDataSourceSummary>[] = [
    {
      key: 'name',
      title: t('dataSources.fields.name'),
      sortProperty: 'name',
      render: (source) => (
        <Stack gap={2}>
          <Anchor component={Link} to={appPath(`/data-sources/${source.id}`)} fw={600} inherit>
            {source.name}
          </Anchor>
          {source.description && (
            <Text size="xs" c="dimmed" lineClamp={2} maw={420}>
              {source.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'parameters',
      title: t('dataSources.fields.parameters'),
      render: (source) =>
        source.parameters.length === 0 ? (
          <NoValue />
        ) : (
          <Group gap={4}>
            {source.parameters.map((parameter) => (
              <Badge key={parameter.variableName} variant="light" color="gray" tt="none" c="var(--mantine-color-text)">
                {parameter.label}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'columns',
      title: t('dataSources.fields.queryColumns'),
      render: (source) => (
        <Text size="sm" maw={280} style={{ overflowWrap: 'anywhere' }}>
          {source.queryColumns.join(', ')}
        </Text>
      ),
    },
    {
      key: 'widgetCount',
      title: t('dataSources.fields.widgetCount'),
      render: (source) => source.widgetCount,
    },
    {
      key: 'updatedAt',
      title: t('dataSources.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (source) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(source.updatedAt, session?.timeZone)}
        </Text>
      ),
    },
    rowActionsColumn<TDataSourceSummary>(t('table.actions'), true, (source) => ({
      editTo: appPath(`/data-sources/${source.id}`),
      editLabel: t('dataSources.editNamed', { name: source.name }),
      onDelete: () => void handleDelete(source),
      deleteLabel: t('dataSources.deleteNamed', { name: source.name }),
    })),
  ];

  return (
    <Stack gap="md" component="section" aria-label={t('pages.dataSources')}>
      <FilterBar
        search={table.filters.universalSearch}
        onSearch={(universalSearch) => table.setFilters({ universalSearch })}
        searchLabel={t('dataSources.search')}
        badges={[]}
        actions={
          <ToolbarAction
            to={appPath('/data-sources/create')}
            icon={<IconPlus size={16} />}
            label={t('dataSources.add')}
          />
        }
      />
      <DataTable
        caption={t('pages.dataSources')}
        columns={columns}
        page={sources.data}
        query={sources}
        currentPage={table.page}
        sort={table.sort}
        isLoading={sources.isFetching}
        emptyText={t('dataSources.noSources')}
        rowKey={(source) => source.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
