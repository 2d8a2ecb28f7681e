import { NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DATA_SOURCE_DEFAULT_TIMEOUT_MS, DATA_SOURCE_MAX_TIMEOUT_MS, ZDataSourceInput } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { ParameterDefinitionRows } from '../../components/query-parameters/ParameterDefinitionRows';
import { QueryTextField, useQueryDetail } from '../../components/query-parameters/QueryTextField';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { DataSourcePreview } from './DataSourcePreview';
import {
  EMPTY_DATA_SOURCE,
  type TDataSourceFormValues,
  toDataSourceFormValues,
  toDataSourceInput,
} from './data-source-form';
import { QueryHelp } from './QueryHelp';
import { deleteDataSource, saveDataSource, useDataSource } from './useDataSources';

/** Create (/data-sources/create) or edit (/data-sources/{id}) a data source: its SQL, parameters and a preview. */
export default function DataSourceFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const source = useDataSource(id);
  const queryDetail = useQueryDetail();

  const form = useForm<TDataSourceFormValues>({
    initialValues: EMPTY_DATA_SOURCE,
    validate: (values) => validateWithSchema(t, ZDataSourceInput, toDataSourceInput(values)),
    onValuesChange: queryDetail.handleValuesChange,
  });
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: source.data,
    form,
    toFormValues: toDataSourceFormValues,
    save: (values) => queryDetail.trackSave(() => saveDataSource(id, toDataSourceInput(values))),
    remove: deleteDataSource,
    queryKey: ['data-sources'],
    texts: { created: 'dataSources.created', updated: 'dataSources.updated' },
    paths: { list: '/data-sources', record: (recordId) => `/data-sources/${recordId}` },
  });

  if (id !== null && source.isPending) return <DelayedLoader />;
  if (id !== null && source.isError)
    return <RecordLoadFailure query={source} notFoundText={t('dataSources.notFound')} />;

  const input = toDataSourceInput(form.values);

  return (
    <Stack gap="lg" maw={1100}>
      <form
        onSubmit={form.onSubmit(
          (submitted) => saving.mutate(submitted),
          () => notifyInvalidForm(t),
        )}
        noValidate
      >
        <Stack gap="md">
          <TitledSection id="data-source-identification" title={t('dataSources.sections.source')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('dataSources.fields.name')}
                required
                maxLength={200}
                {...form.getInputProps('name')}
              />
              <NumberInput
                label={t('dataSources.fields.timeoutMs')}
                description={t('dataSources.help.timeoutMs')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={String(DATA_SOURCE_DEFAULT_TIMEOUT_MS)}
                min={100}
                max={DATA_SOURCE_MAX_TIMEOUT_MS}
                step={1000}
                allowDecimal={false}
                thousandSeparator=" "
                {...form.getInputProps('timeoutMs')}
              />
            </SimpleGrid>
            <Textarea
              label={t('dataSources.fields.description')}
              autosize
              minRows={2}
              maxRows={5}
              maxLength={2000}
              {...form.getInputProps('description')}
            />
          </TitledSection>

          <TitledSection id="data-source-query" title={t('dataSources.sections.query')}>
            <QueryHelp />
            <QueryTextField
              label={t('dataSources.fields.query')}
              detail={queryDetail.detail}
              {...form.getInputProps('query')}
            />
            <Switch
              label={t('dataSources.fields.scopedToEntities')}
              description={t('dataSources.help.scopedToEntities')}
              {...form.getInputProps('scopedToEntities', { type: 'checkbox' })}
            />
          </TitledSection>

          <TitledSection id="data-source-parameters" title={t('dataSources.sections.parameters')}>
            <ParameterDefinitionRows form={form} path="parameters" rows={form.values.parameters} />
          </TitledSection>

          <TitledSection id="data-source-preview" title={t('dataSources.sections.preview')}>
            <DataSourcePreview
              input={{ query: input.query, parameters: input.parameters, timeoutMs: input.timeoutMs }}
              onDefinitionErrors={form.setErrors}
            />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('dataSources.createSource') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
