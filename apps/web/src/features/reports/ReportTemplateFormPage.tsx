import { Code, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  REPORT_CATEGORIES,
  REPORT_PDF_ROW_CAP,
  REPORT_ROW_CAP,
  type TReportTemplate,
  ZReportTemplateInput,
} from '@mip/shared';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { ParameterDefinitionRows } from '../../components/query-parameters/ParameterDefinitionRows';
import { BRACES } from '../../components/query-parameters/parameter-definition-form';
import { QueryTextField, useQueryDetail } from '../../components/query-parameters/QueryTextField';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { TitledSection } from '../../components/TitledSection';
import { formatNumber } from '../../lib/numbers';
import { validateWithSchema } from '../auth/zod-form';
import { searchEntities } from '../entities/EntitySelect';
import { ReportsNav } from './ReportsNav';
import {
  EMPTY_REPORT_TEMPLATE,
  type TReportTemplateFormValues,
  toReportTemplateFormValues,
  toReportTemplateInput,
} from './report-template-form';
import { deleteReportTemplate, saveReportTemplate, useReportTemplate } from './useReports';

const CODE = <Code />;

/** Create (/reports/templates/create) or edit (/reports/templates/{id}) a report template. */
export default function ReportTemplateFormPage() {
  const { t, i18n } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const loaded = useReportTemplate(id);
  const template = loaded.data && 'query' in loaded.data ? (loaded.data as TReportTemplate) : undefined;
  const queryDetail = useQueryDetail();

  const form = useForm<TReportTemplateFormValues>({
    initialValues: EMPTY_REPORT_TEMPLATE,
    validate: (values) => validateWithSchema(t, ZReportTemplateInput, toReportTemplateInput(values)),
    onValuesChange: queryDetail.handleValuesChange,
  });
  const { saving, handleSubmit, handleDelete, handleCancel } = useRecordForm({
    id,
    record: template,
    form,
    toFormValues: toReportTemplateFormValues,
    save: (values) => queryDetail.trackSave(() => saveReportTemplate(id, toReportTemplateInput(values))),
    remove: deleteReportTemplate,
    queryKey: ['report-templates'],
    texts: { created: 'reports.templateCreated', updated: 'reports.templateUpdated' },
    paths: { list: '/reports/templates', record: (recordId) => `/reports/templates/${recordId}` },
  });

  // The template holds only its entities' ids: their names are looked up once it arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the record arrives
  useEffect(() => {
    if (!template || template.entityIds.length === 0) return;
    void searchEntities('', template.entityIds).then((found) => {
      const names = new Map(found.map((entity) => [entity.id, entity.name]));
      const entities = template.entityIds.map((entityId) => ({
        id: entityId,
        name: names.get(entityId) ?? `#${entityId}`,
      }));
      form.setFieldValue('entities', entities);
      form.setInitialValues({ ...form.getInitialValues(), entities });
    });
  }, [template]);

  if (id !== null && loaded.isPending) return <DelayedLoader />;
  if (id !== null && (loaded.isError || !template))
    return <RecordLoadFailure query={loaded} notFoundText={t('reports.templateNotFound')} />;

  const help = ['bind', 'partial', 'builtIns', 'rows'] as const;

  return (
    <Stack gap="lg" maw={1100}>
      <ReportsNav />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TitledSection id="report-template-identification" title={t('reports.sections.template')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('reports.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
              <Select
                label={t('reports.fields.category')}
                required
                allowDeselect={false}
                data={REPORT_CATEGORIES.map((value) => ({ value, label: t(`reports.categories.${value}`) }))}
                {...form.getInputProps('category')}
              />
              <TextInput label={t('reports.fields.reference')} maxLength={200} {...form.getInputProps('reference')} />
              <TextInput label={t('reports.fields.agreement')} maxLength={200} {...form.getInputProps('agreement')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Switch
                label={t('reports.fields.async')}
                description={t('reports.help.async')}
                {...form.getInputProps('async', { type: 'checkbox' })}
              />
              <Switch
                label={t('reports.fields.enabled')}
                description={t('reports.help.enabled')}
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
            </SimpleGrid>
            <RemoteMultiSelect
              label={t('reports.fields.entities')}
              description={t('reports.help.entities')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={form.values.entities.length === 0 ? t('reports.everyEntity') : undefined}
              queryKey={['report-templates', 'entities']}
              search={(text) => searchEntities(text)}
              value={form.values.entities}
              onChange={(entities) => form.setFieldValue('entities', entities)}
              error={form.errors.entityIds}
            />
          </TitledSection>

          <TitledSection id="report-template-query" title={t('reports.sections.query')}>
            <Stack gap={4}>
              {help.map((item) => (
                <Text size="sm" key={item}>
                  <Trans
                    i18nKey={`reports.queryHelp.${item}`}
                    values={{
                      rows: formatNumber(REPORT_ROW_CAP, i18n.language),
                      pdfRows: formatNumber(REPORT_PDF_ROW_CAP, i18n.language),
                      ...BRACES,
                    }}
                    components={{ code: CODE }}
                  />
                </Text>
              ))}
            </Stack>
            <QueryTextField
              label={t('reports.fields.query')}
              detail={queryDetail.detail}
              {...form.getInputProps('query')}
            />
          </TitledSection>

          <TitledSection id="report-template-parameters" title={t('reports.sections.parameters')}>
            <ParameterDefinitionRows form={form} path="parameters" rows={form.values.parameters} />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('reports.createTemplate') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
