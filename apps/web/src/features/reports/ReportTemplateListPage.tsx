import { Anchor, Badge, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { REPORT_CATEGORIES, type TReportTemplate } from '@mip/shared';
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
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { ReportsNav } from './ReportsNav';
import { deleteReportTemplate, useReportTemplateSearch } from './useReports';

interface TTemplateFilters {
  universalSearch: string;
  category: string | null;
  enabled: string | null;
}

const TEMPLATES_PAGE_SIZE = 20;

/** /reports/templates (MANAGE_REPORTS): every report template, to write and keep. */
export default function ReportTemplateListPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const table = useTableState<TTemplateFilters>('report-templates', {
    filters: { universalSearch: '', category: null, enabled: null },
    page: 0,
    sort: { property: 'name', direction: 'ASC' },
  });
  const { filters } = table;
  const set = (patch: Partial<TTemplateFilters>) => table.setFilters({ ...filters, ...patch });
  const templates = useReportTemplateSearch({
    universalSearch: filters.universalSearch,
    category: filters.category,
    enabled: filters.enabled,
    currentPage: table.page,
    itemsPerPage: TEMPLATES_PAGE_SIZE,
    sortProperty: table.sort?.property,
    sortDirection: table.sort?.direction,
  });

  const handleDelete = async (template: TReportTemplate) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: template.name,
      remove: () => deleteReportTemplate(template.id),
    });
    if (isDeleted) await queryClient.invalidateQueries({ queryKey: ['report-templates'] });
  };
  const enabledLabel = (value: string) => t(value === 'true' ? 'reports.enabled' : 'reports.disabled');

  const columns: TColumn<TReportTemplate>[] = [
    {
      key: 'name',
      title: t('reports.fields.name'),
      sortProperty: 'name',
      render: (template) => (
        <Stack gap={2}>
          <Anchor component={Link} to={appPath(`/reports/templates/${template.id}`)} fw={600} inherit>
            {template.name}
          </Anchor>
          {template.reference && (
            <Text size="xs" c="dimmed">
              {template.reference}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'category',
      title: t('reports.fields.category'),
      sortProperty: 'category',
      render: (template) => t(`reports.categories.${template.category}`),
    },
    {
      key: 'async',
      title: t('reports.fields.async'),
      render: (template) =>
        template.async ? (
          <Badge variant="light" color="indigo" tt="none">
            {t('reports.card.async')}
          </Badge>
        ) : (
          <Text size="sm">{t('reports.immediate')}</Text>
        ),
    },
    {
      key: 'enabled',
      title: t('reports.fields.enabled'),
      render: (template) => (
        <StatusBadge label={enabledLabel(String(template.enabled))} isPositive={template.enabled} />
      ),
    },
    { key: 'schedules', title: t('reports.fields.scheduleCount'), render: (template) => template.scheduleCount },
    {
      key: 'updatedAt',
      title: t('reports.fields.updatedAt'),
      sortProperty: 'updatedAt',
      render: (template) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(template.updatedAt, session?.timeZone)}
        </Text>
      ),
    },
    rowActionsColumn<TReportTemplate>(t('table.actions'), true, (template) => ({
      editTo: appPath(`/reports/templates/${template.id}`),
      editLabel: t('reports.editNamed', { name: template.name }),
      onDelete: () => void handleDelete(template),
      deleteLabel: t('reports.deleteNamed', { name: template.name }),
    })),
  ];

  return (
    <Stack gap="lg">
      <ReportsNav />
      <Stack gap="md" component="section" aria-label={t('pages.reportTemplates')}>
        <FilterBar
          search={filters.universalSearch}
          onSearch={(universalSearch) => set({ universalSearch })}
          searchLabel={t('reports.searchTemplates')}
          actions={
            <ToolbarAction
              to={appPath('/reports/templates/create')}
              icon={<IconPlus size={16} />}
              label={t('reports.addTemplate')}
            />
          }
          badges={[
            {
              key: 'category',
              label: t('reports.fields.category'),
              value: filters.category ? t(`reports.categories.${filters.category}`) : undefined,
              onClear: () => set({ category: null }),
            },
            {
              key: 'enabled',
              label: t('reports.fields.enabled'),
              value: filters.enabled ? enabledLabel(filters.enabled) : undefined,
              onClear: () => set({ enabled: null }),
            },
          ]}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('reports.fields.category')}
              data={REPORT_CATEGORIES.map((value) => ({ value, label: t(`reports.categories.${value}`) }))}
              clearable
              value={filters.category}
              onChange={(category) => set({ category })}
            />
            <Select
              label={t('reports.fields.enabled')}
              data={['true', 'false'].map((value) => ({ value, label: enabledLabel(value) }))}
              clearable
              value={filters.enabled}
              onChange={(enabled) => set({ enabled })}
            />
          </SimpleGrid>
        </FilterBar>
        <DataTable
          caption={t('pages.reportTemplates')}
          columns={columns}
          page={templates.data as { content: TReportTemplate[]; totalItems: number; totalPages: number } | undefined}
          query={templates}
          currentPage={table.page}
          sort={table.sort}
          isLoading={templates.isFetching}
          emptyText={t('reports.noTemplatesToManage')}
          rowKey={(template) => template.id}
          onSort={table.setSort}
          onPage={table.setPage}
        />
      </Stack>
    </Stack>
  );
}
