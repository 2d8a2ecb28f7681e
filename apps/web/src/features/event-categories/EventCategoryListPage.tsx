import { Anchor, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { EVENT_CATEGORY_TYPES, type TEventCategory } from '@mip/shared';
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
import { ActiveBadge } from '../entities/ActiveBadge';
import { EventCategoryIcon } from './EventCategoryIcon';
import { deleteEventCategory, useEventCategorySearch } from './useEventCategories';

interface TCategoryFilters {
  universalSearch: string;
  categoryType: string | null;
  /** 'true' / 'false' as the Select holds them; null for either. */
  active: string | null;
  isPublic: string | null;
}

export const EVENT_CATEGORIES_PAGE_SIZE = 20;

const toBoolean = (value: string | null) => (value === null ? undefined : value === 'true');

/** /event-category: the kinds of incident, their icons and how their events and reports are handled. */
export default function EventCategoryListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TCategoryFilters>('event-categories', {
    filters: { universalSearch: '', categoryType: null, active: null, isPublic: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TCategoryFilters>) => table.setFilters({ ...filters, ...patch });
  const categories = useEventCategorySearch({
    universalSearch: filters.universalSearch,
    categoryType: filters.categoryType,
    active: toBoolean(filters.active),
    isPublic: toBoolean(filters.isPublic),
    currentPage: table.page,
    itemsPerPage: EVENT_CATEGORIES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (category: TEventCategory) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: category.name,
      remove: () => deleteEventCategory(category.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['event-categories'] });
  };

  const typeLabel = (type: string) => t(`eventVocab.categoryType.${type}`);
  const publicLabel = (value: string) => t(value === 'true' ? 'eventCategories.public' : 'eventCategories.internal');
  const activeLabel = (value: string) => t(value === 'true' ? 'entities.status.ACTIVE' : 'entities.status.INACTIVE');
  const yesNo = (label: (value: string) => string) =>
    ['true', 'false'].map((value) => ({ value, label: label(value) }));

  const columns: TColumn<TEventCategory>[] = [
    {
      key: 'name',
      title: t('eventCategories.fields.name'),
      sortProperty: 'name',
      render: (category) => (
        <Group gap="sm" wrap="nowrap">
          <EventCategoryIcon icon={category.icon} />
          <Anchor component={Link} to={appPath(`/event-category/${category.id}`)} fw={600} inherit>
            {category.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'categoryType',
      title: t('eventCategories.fields.categoryType'),
      sortProperty: 'categoryType',
      render: (category) => <Text size="sm">{typeLabel(category.categoryType)}</Text>,
    },
    {
      key: 'allowPublic',
      title: t('eventCategories.fields.visibility'),
      render: (category) => (
        <StatusBadge label={publicLabel(String(category.allowPublic))} isPositive={category.allowPublic} />
      ),
    },
    {
      key: 'eventsCount',
      title: t('eventCategories.fields.eventsCount'),
      render: (category) => <Text size="sm">{category.eventsCount}</Text>,
    },
    {
      key: 'active',
      title: t('eventCategories.fields.active'),
      sortProperty: 'active',
      render: (category) => <ActiveBadge active={category.active} />,
    },
    rowActionsColumn<TEventCategory>(t('table.actions'), true, (category) => ({
      editTo: appPath(`/event-category/${category.id}`),
      editLabel: t('eventCategories.editNamed', { name: category.name }),
      onDelete: () => void handleDelete(category),
      deleteLabel: t('eventCategories.deleteNamed', { name: category.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('eventCategories.search')}
        badges={[
          {
            key: 'categoryType',
            label: t('eventCategories.fields.categoryType'),
            value: filters.categoryType ? typeLabel(filters.categoryType) : undefined,
            onClear: () => set({ categoryType: null }),
          },
          {
            key: 'isPublic',
            label: t('eventCategories.fields.visibility'),
            value: filters.isPublic ? publicLabel(filters.isPublic) : undefined,
            onClear: () => set({ isPublic: null }),
          },
          {
            key: 'active',
            label: t('eventCategories.fields.active'),
            value: filters.active ? activeLabel(filters.active) : undefined,
            onClear: () => set({ active: null }),
          },
        ]}
        actions={
          <ToolbarAction
            to={appPath('/event-category/create')}
            icon={<IconPlus size={16} />}
            label={t('eventCategories.add')}
          />
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('eventCategories.fields.categoryType')}
            clearable
            data={EVENT_CATEGORY_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
            value={filters.categoryType}
            onChange={(categoryType) => set({ categoryType })}
          />
          <Select
            label={t('eventCategories.fields.visibility')}
            clearable
            data={yesNo(publicLabel)}
            value={filters.isPublic}
            onChange={(isPublic) => set({ isPublic })}
          />
          <Select
            label={t('eventCategories.fields.active')}
            clearable
            data={yesNo(activeLabel)}
            value={filters.active}
            onChange={(active) => set({ active })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.eventCategories')}
        columns={columns}
        page={categories.data}
        query={categories}
        currentPage={table.page}
        sort={table.sort}
        isLoading={categories.isFetching}
        emptyText={t('eventCategories.noCategories')}
        rowKey={(category) => category.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
