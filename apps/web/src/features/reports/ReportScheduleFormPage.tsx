import { Group, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  nextGeneration,
  REPORT_RECURRENCES,
  type TReportSchedule,
  type TReportTemplateSummary,
  ZReportScheduleInput,
} from '@mip/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DetailsTable } from '../../components/display';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { ParameterFields } from '../../components/query-parameters/ParameterFields';
import { parameterValueErrors } from '../../components/query-parameters/parameter-values';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { errorText } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { GenerateNowButton } from './GenerateNowButton';
import { ReportFormatField } from './ReportFormatField';
import { ReportsNav } from './ReportsNav';
import { describeRecurrence, formatLisbonTime } from './report-format';
import {
  emptyReportScheduleForm,
  scheduleRuleOf,
  type TReportScheduleFormValues,
  toReportScheduleFormValues,
  toReportScheduleInput,
} from './report-schedule-form';
import {
  deleteReportSchedule,
  saveReportSchedule,
  searchSubscribers,
  useReportSchedule,
  useReportTemplateSearch,
} from './useReports';

/** A schedule's record as useRecordForm names it: by its template. */
type TNamedSchedule = TReportSchedule & { name: string };

/**
 * Create (/reports/schedules/create?templateId=…) or edit (/reports/schedules/{id})
 * a schedule: a template's parameters and format, a recurrence in Lisbon
 * time, and who gets the file by email.
 */
export default function ReportScheduleFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const [searchParams] = useSearchParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const loaded = useReportSchedule(id);
  // One object per answer: useRecordForm refills the form whenever the record changes identity.
  const schedule = useMemo(
    () => (loaded.data ? { ...loaded.data, name: loaded.data.template.name } : undefined),
    [loaded.data],
  );
  const templates = useReportTemplateSearch({ enabled: 'true', itemsPerPage: 500, sortProperty: 'name' });
  const [now] = useState(() => new Date());

  const templateOf = (templateId: string | null): TReportTemplateSummary | undefined =>
    templates.data?.content.find((template) => String(template.id) === templateId);

  const form = useForm<TReportScheduleFormValues>({
    initialValues: emptyReportScheduleForm(searchParams.get('templateId')),
    validate: (values) => {
      const definitions = templateOf(values.templateId)?.parameters ?? [];
      const errors = validateWithSchema(t, ZReportScheduleInput, toReportScheduleInput(values, definitions));
      for (const [name, code] of Object.entries(parameterValueErrors(definitions, values.parameters)))
        errors[`parameters.${name}`] ??= errorText(t, code);
      return errors;
    },
  });
  const { saving, handleDelete, handleCancel } = useRecordForm<TReportScheduleFormValues, TNamedSchedule>({
    id,
    record: schedule,
    form,
    toFormValues: toReportScheduleFormValues,
    save: async (values) => {
      const saved = await saveReportSchedule(
        id,
        toReportScheduleInput(values, templateOf(values.templateId)?.parameters ?? []),
      );
      return { ...saved, name: saved.template.name };
    },
    remove: deleteReportSchedule,
    queryKey: ['report-schedules'],
    texts: { created: 'reports.scheduleCreated', updated: 'reports.scheduleUpdated' },
    paths: { list: '/reports/schedules', record: (recordId) => `/reports/schedules/${recordId}` },
  });

  if ((id !== null && loaded.isPending) || templates.isPending) return <DelayedLoader />;
  if (id !== null && loaded.isError)
    return <RecordLoadFailure query={loaded} notFoundText={t('reports.scheduleNotFound')} />;

  const { values } = form;
  const template = templateOf(values.templateId);
  const rule = scheduleRuleOf(values);
  const next = rule && values.enabled ? nextGeneration(rule, now) : null;
  const parameterErrors = Object.fromEntries(
    Object.entries(form.errors)
      .filter(([path]) => path.startsWith('parameters.'))
      .map(([path, error]) => [path.slice('parameters.'.length), String(error)]),
  );
  const templateOptions = (templates.data?.content ?? []).map((option) => ({
    value: String(option.id),
    label: option.name,
  }));
  // A schedule of a template the user no longer sees still names it.
  if (schedule && !templateOptions.some((option) => option.value === String(schedule.template.id)))
    templateOptions.push({ value: String(schedule.template.id), label: schedule.template.name });

  return (
    <Stack gap="lg" maw={1100}>
      <ReportsNav />
      <form
        onSubmit={form.onSubmit(
          (submitted) => saving.mutate(submitted),
          () => notifyInvalidForm(t),
        )}
        noValidate
      >
        <Stack gap="md">
          <TitledSection id="report-schedule-report" title={t('reports.sections.report')}>
            <Select
              label={t('reports.fields.template')}
              required
              searchable
              allowDeselect={false}
              data={templateOptions}
              {...form.getInputProps('templateId')}
              onChange={(templateId) => {
                form.setFieldValue('templateId', templateId);
                form.setFieldValue('parameters', {});
              }}
            />
            {template && template.parameters.length > 0 && (
              <ParameterFields
                definitions={template.parameters}
                values={values.parameters}
                errors={parameterErrors}
                onChange={(name, value) => {
                  form.setFieldValue('parameters', { ...values.parameters, [name]: value });
                  form.clearFieldError(`parameters.${name}`);
                }}
              />
            )}
            <ReportFormatField value={values.format} onChange={(format) => form.setFieldValue('format', format)} />
          </TitledSection>

          <TitledSection id="report-schedule-when" title={t('reports.sections.when')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('reports.fields.recurrence')}
                required
                allowDeselect={false}
                data={REPORT_RECURRENCES.map((value) => ({ value, label: t(`reports.recurrences.${value}`) }))}
                {...form.getInputProps('recurrence')}
              />
              <TimeInput
                label={t(values.recurrence === 'HOURLY' ? 'reports.fields.minutesPastHour' : 'reports.fields.time')}
                description={t('reports.help.lisbonTime')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                {...form.getInputProps('recurringTime')}
              />
              {values.recurrence === 'WEEKLY' && (
                <Select
                  label={t('reports.fields.dayOfWeek')}
                  required
                  allowDeselect={false}
                  data={[1, 2, 3, 4, 5, 6, 7].map((day) => ({
                    value: String(day),
                    label: t(`reports.weekdays.${day}`),
                  }))}
                  {...form.getInputProps('dayOfWeek')}
                />
              )}
              {values.recurrence === 'MONTHLY' && (
                <NumberInput
                  label={t('reports.fields.dayOfMonth')}
                  description={t('reports.help.dayOfMonth')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  required
                  min={1}
                  max={31}
                  allowDecimal={false}
                  {...form.getInputProps('dayOfMonth')}
                />
              )}
            </SimpleGrid>
            <Switch
              label={t('reports.fields.scheduleEnabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            <DetailsTable
              label={t('reports.sections.when')}
              rows={[
                [t('reports.fields.rule'), rule ? describeRecurrence(t, rule) : '—'],
                [
                  t('reports.fields.nextGeneration'),
                  <span key="next" data-testid="next-generation">
                    {next ? t('reports.lisbonTime', { time: formatLisbonTime(next) }) : t('reports.noNextGeneration')}
                  </span>,
                ],
                ...(schedule?.lastGeneratedAt
                  ? [
                      [
                        t('reports.fields.lastGeneratedAt'),
                        t('reports.lisbonTime', { time: formatLisbonTime(schedule.lastGeneratedAt) }),
                      ] as const,
                    ]
                  : []),
              ]}
            />
            {loaded.data && (
              <Group>
                <GenerateNowButton schedule={loaded.data} />
              </Group>
            )}
          </TitledSection>

          <TitledSection id="report-schedule-subscribers" title={t('reports.sections.subscribers')}>
            <RemoteMultiSelect
              label={t('reports.fields.subscribers')}
              description={t('reports.help.subscribers')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              queryKey={['report-schedules', 'subscribers']}
              search={async (text) =>
                (await searchSubscribers(text)).map((user) => ({ id: user.id, name: `${user.name} (${user.email})` }))
              }
              value={values.subscribers}
              onChange={(subscribers) => form.setFieldValue('subscribers', subscribers)}
              error={form.errors.subscriberIds}
            />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('reports.createSchedule') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
