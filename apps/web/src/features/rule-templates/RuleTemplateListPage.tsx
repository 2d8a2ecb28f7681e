import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TRuleTemplate } from '@mip/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../../components/delete-record';
import { ToolbarAction } from '../../components/display';
import { FilterBar } from '../../components/filters/FilterBar';
import { DataTable, type TColumn } from '../../components/table/DataTable';
import { rowActionsColumn } from '../../components/table/RowActions';
import { useTableState } from '../../components/table/useTableState';
import { ActiveBadge } from '../entities/ActiveBadge';
import { describeCondition } from './rule-condition';
import { deleteRuleTemplate, useRuleTemplateSearch } from './useRuleTemplates';

interface TRuleFilters {
  universalSearch: string;
  /** 'true' / 'false' as the Select holds them; null for either. */
  active: string | null;
}

export const RULE_TEMPLATES_PAGE_SIZE = 20;

/** /rule-template: the rules that open and resolve events from sensor readings. */
export default function RuleTemplateListPage() {
  const { t, i18n } = useTranslation();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const table = useTableState<TRuleFilters>('rule-templates', {
    filters: { universalSearch: '', active: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TRuleFilters>) => table.setFilters({ ...filters, ...patch });
  const rules = useRuleTemplateSearch({
    universalSearch: filters.universalSearch,
    active: filters.active ?? undefined,
    currentPage: table.page,
    itemsPerPage: RULE_TEMPLATES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (rule: TRuleTemplate) => {
    const isDeleted = await deleteWithConfirmation(t, { name: rule.name, remove: () => deleteRuleTemplate(rule.id) });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['rule-templates'] });
  };

  const activeLabel = (value: string) => t(value === 'true' ? 'ruleTemplates.active' : 'ruleTemplates.inactive');

  const columns: TColumn<TRuleTemplate>[] = [
    {
      key: 'name',
      title: t('ruleTemplates.fields.name'),
      sortProperty: 'name',
      render: (rule) => (
        <Anchor component={Link} to={appPath(`/rule-template/${rule.id}`)} fw={600} inherit>
          {rule.name}
        </Anchor>
      ),
    },
    {
      key: 'parameterName',
      title: t('ruleTemplates.fields.parameterName'),
      sortProperty: 'parameterName',
      render: (rule) => <Text size="sm">{rule.parameterName}</Text>,
    },
    {
      key: 'condition',
      title: t('ruleTemplates.fields.condition'),
      render: (rule) => <Text size="sm">{describeCondition(t, rule.condition, i18n.language)}</Text>,
    },
    {
      key: 'category',
      title: t('ruleTemplates.fields.category'),
      render: (rule) => <Text size="sm">{rule.category.name}</Text>,
    },
    {
      key: 'systemsCount',
      title: t('ruleTemplates.fields.systemsCount'),
      render: (rule) => <Text size="sm">{rule.systemsCount}</Text>,
    },
    {
      key: 'openEventsCount',
      title: t('ruleTemplates.fields.openEventsCount'),
      render: (rule) => <Text size="sm">{rule.openEventsCount}</Text>,
    },
    {
      key: 'active',
      title: t('ruleTemplates.fields.active'),
      sortProperty: 'active',
      render: (rule) => <ActiveBadge active={rule.active} />,
    },
    rowActionsColumn<TRuleTemplate>(t('table.actions'), true, (rule) => ({
      editTo: appPath(`/rule-template/${rule.id}`),
      editLabel: t('ruleTemplates.editNamed', { name: rule.name }),
      onDelete: () => void handleDelete(rule),
      deleteLabel: t('ruleTemplates.deleteNamed', { name: rule.name }),
    })),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('ruleTemplates.search')}
        badges={[
          {
            key: 'active',
            label: t('ruleTemplates.fields.active'),
            value: filters.active ? activeLabel(filters.active) : undefined,
            onClear: () => set({ active: null }),
          },
        ]}
        actions={
          <ToolbarAction
            to={appPath('/rule-template/create')}
            icon={<IconPlus size={16} />}
            label={t('ruleTemplates.add')}
          />
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('ruleTemplates.fields.active')}
            clearable
            data={['true', 'false'].map((value) => ({ value, label: activeLabel(value) }))}
            value={filters.active}
            onChange={(active) => set({ active })}
          />
        </SimpleGrid>
      </FilterBar>
      <DataTable
        caption={t('pages.ruleTemplates')}
        columns={columns}
        page={rules.data}
        query={rules}
        currentPage={table.page}
        sort={table.sort}
        isLoading={rules.isFetching}
        emptyText={t('ruleTemplates.noRules')}
        rowKey={(rule) => rule.id}
        onSort={table.setSort}
        onPage={table.setPage}
      />
    </Stack>
  );
}
