import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REPORT_CATEGORIES, type TReportCategory, type TReportTemplateSummary } from '@mip/shared';
import { IconCalendarPlus, IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { FilterBar } from '../../components/filters/FilterBar';
import { TitledSection } from '../../components/TitledSection';
import { useTableState } from '../../components/table/useTableState';
import { GenerateReportModal } from './GenerateReportModal';
import { ReportJobList } from './ReportJobList';
import { ReportsNav } from './ReportsNav';
import { useReportTemplateSearch } from './useReports';

/** Every template a user may generate fits one page: a handful per entity. */
const TEMPLATES_PAGE_SIZE = 500;

function TemplateCard({ template, onGenerate }: { template: TReportTemplateSummary; onGenerate: () => void }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const facts = [
    template.reference && t('reports.card.reference', { value: template.reference }),
    template.agreement && t('reports.card.agreement', { value: template.agreement }),
  ].filter(Boolean);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`report-template-${template.id}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={3} size="h5" id={`report-template-${template.id}`}>
              {template.name}
            </Title>
            {template.async && (
              <Badge variant="light" color="indigo" tt="none" miw="max-content">
                {t('reports.card.async')}
              </Badge>
            )}
          </Group>
          {facts.length > 0 && (
            <Text size="sm" c="dimmed">
              {facts.join(' · ')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {template.parameters.length > 0
              ? t('reports.card.parameters', { names: template.parameters.map((p) => p.label).join(', ') })
              : t('reports.card.noParameters')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconFileDownload size={16} />}
            onClick={onGenerate}
            aria-label={t('reports.generateNamed', { name: template.name })}
          >
            {t('reports.generateAction')}
          </Button>
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={appPath(`/reports/schedules/create?templateId=${template.id}`)}
            leftSection={<IconCalendarPlus size={16} />}
            aria-label={t('reports.scheduleNamed', { name: template.name })}
          >
            {t('reports.schedule')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /reports: the templates the user may generate, by category (spec 001 §3:
 * ANIMAL, VETERINARY, OTHERS), each with Generate and Schedule, and the
 * user's recent generations.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const table = useTableState<{ universalSearch: string; category: string }>('reports', {
    filters: { universalSearch: '', category: 'ALL' },
    page: 0,
    sort: null,
  });
  const { filters } = table;
  const set = (patch: Partial<typeof filters>) => table.setFilters({ ...filters, ...patch });
  const templates = useReportTemplateSearch({
    universalSearch: filters.universalSearch,
    category: filters.category === 'ALL' ? undefined : filters.category,
    enabled: 'true',
    itemsPerPage: TEMPLATES_PAGE_SIZE,
    sortProperty: 'name',
  });
  const [chosen, setChosen] = useState<TReportTemplateSummary | null>(null);
  const byCategory = (category: TReportCategory) =>
    (templates.data?.content ?? []).filter((template) => template.category === category);

  return (
    <Stack gap="lg">
      <ReportsNav />
      {chosen && <GenerateReportModal template={chosen} onClose={() => setChosen(null)} />}
      <FilterBar
        search={filters.universalSearch}
        onSearch={(universalSearch) => set({ universalSearch })}
        searchLabel={t('reports.search')}
        badges={[]}
      />
      <SegmentedControl
        aria-label={t('reports.fields.category')}
        data={['ALL', ...REPORT_CATEGORIES].map((value) => ({
          value,
          label: value === 'ALL' ? t('reports.allCategories') : t(`reports.categories.${value}`),
        }))}
        value={filters.category}
        onChange={(category) => set({ category })}
        style={{ alignSelf: 'flex-start' }}
      />
      {templates.isPending ? (
        <DelayedLoader />
      ) : templates.data?.content.length === 0 ? (
        <Text c="dimmed">{t('reports.noTemplates')}</Text>
      ) : (
        REPORT_CATEGORIES.filter((category) => byCategory(category).length > 0).map((category) => (
          <TitledSection key={category} id={`reports-${category}`} title={t(`reports.categories.${category}`)}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {byCategory(category).map((template) => (
                <TemplateCard key={template.id} template={template} onGenerate={() => setChosen(template)} />
              ))}
            </SimpleGrid>
          </TitledSection>
        ))
      )}
      <TitledSection id="report-jobs" title={t('reports.jobs.title')}>
        <ReportJobList />
      </TitledSection>
    </Stack>
  );
}
