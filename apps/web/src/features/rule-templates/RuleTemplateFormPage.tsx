import { Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EVENT_DIRECTIONS,
  EVENT_PRIORITIES,
  RULE_PLACEHOLDERS,
  SUB_TYPES_BY_CATEGORY_TYPE,
  type TEventDirection,
  type TEventSubType,
  type TRuleTemplate,
  ZRuleTemplateInput,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { useActiveEventCategories } from '../event-categories/useEventCategories';
import { ConditionFields } from './ConditionFields';
import { RuleSystemsPanel } from './RuleSystemsPanel';
import { RuleTestPanel } from './RuleTestPanel';
import { EMPTY_RULE, type TRuleFormValues, toRuleFormValues, toRuleInput } from './rule-form';
import { deleteRuleTemplate, saveRuleTemplate, useRuleTemplate } from './useRuleTemplates';

/** Create (/rule-template/create) or edit (/rule-template/{id}) a rule, apply it to systems and test it. */
export default function RuleTemplateFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const rule = useRuleTemplate(id);
  const categories = useActiveEventCategories();

  const form = useForm<TRuleFormValues>({
    initialValues: EMPTY_RULE,
    validate: (values) => validateWithSchema(t, ZRuleTemplateInput, toRuleInput(values)),
  });
  const { saving, handleDelete, handleCancel } = useRecordForm<TRuleFormValues, TRuleTemplate>({
    id,
    record: rule.data,
    form,
    toFormValues: toRuleFormValues,
    save: (values) => saveRuleTemplate(id, toRuleInput(values)),
    remove: deleteRuleTemplate,
    queryKey: ['rule-templates'],
    texts: { created: 'ruleTemplates.created', updated: 'ruleTemplates.updated' },
    paths: { list: '/rule-template', record: (recordId) => `/rule-template/${recordId}` },
  });

  if (id !== null && rule.isPending) return <DelayedLoader />;
  if (id !== null && rule.isError) return <RecordLoadFailure query={rule} notFoundText={t('ruleTemplates.notFound')} />;

  const { values } = form;
  // The rule's own category stays on offer even when it has since been deactivated.
  const categoryOptions = [
    ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
    ...(rule.data && !categories.data?.some((category) => category.id === rule.data.category.id)
      ? [{ value: String(rule.data.category.id), label: rule.data.category.name }]
      : []),
  ];
  const categoryType =
    categories.data?.find((category) => category.id === values.categoryId)?.categoryType ?? 'GENERIC';
  const placeholders = RULE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ');

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
          <TitledSection id="rule-identification" title={t('ruleTemplates.sections.rule')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('ruleTemplates.fields.name')}
                required
                maxLength={200}
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('ruleTemplates.fields.parameterName')}
                description={t('ruleTemplates.help.parameterName')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                maxLength={200}
                {...form.getInputProps('parameterName')}
              />
              <Textarea
                label={t('ruleTemplates.fields.description')}
                autosize
                minRows={2}
                maxLength={2000}
                {...form.getInputProps('description')}
              />
              <Switch
                mt={{ sm: 28 }}
                label={t('ruleTemplates.fields.active')}
                description={t('ruleTemplates.help.active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </TitledSection>

          <TitledSection id="rule-condition" title={t('ruleTemplates.sections.condition')}>
            <ConditionFields form={form} path="condition" description={t('ruleTemplates.help.condition')} />
          </TitledSection>

          <TitledSection id="rule-clear" title={t('ruleTemplates.sections.clearCondition')}>
            <ConditionFields form={form} path="clearCondition" description={t('ruleTemplates.help.clearCondition')} />
          </TitledSection>

          <TitledSection id="rule-action" title={t('ruleTemplates.sections.action')}>
            <Text size="sm" c="dimmed">
              {t('ruleTemplates.help.action')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('ruleTemplates.fields.category')}
                required
                searchable
                data={categoryOptions}
                value={values.categoryId === null ? null : String(values.categoryId)}
                error={form.errors.categoryId}
                onChange={(value) =>
                  form.setValues({ categoryId: value === null ? null : Number(value), direction: null, subType: null })
                }
              />
              <Select
                label={t('ruleTemplates.fields.priority')}
                required
                allowDeselect={false}
                data={EVENT_PRIORITIES.map((priority) => ({
                  value: priority,
                  label: t(`eventVocab.priority.${priority}`),
                }))}
                {...form.getInputProps('priority')}
              />
              {categoryType !== 'GENERIC' && (
                <>
                  <Select
                    label={t('events.fields.direction')}
                    required
                    data={EVENT_DIRECTIONS.map((direction) => ({
                      value: direction,
                      label: t(`eventVocab.direction.${direction}`),
                    }))}
                    value={values.direction}
                    error={form.errors.direction}
                    onChange={(direction) => form.setFieldValue('direction', direction as TEventDirection | null)}
                  />
                  <Select
                    label={t('events.fields.subType')}
                    required
                    data={SUB_TYPES_BY_CATEGORY_TYPE[categoryType].map((subType) => ({
                      value: subType,
                      label: t(`eventVocab.subType.${subType}`),
                    }))}
                    value={values.subType}
                    error={form.errors.subType}
                    onChange={(subType) => form.setFieldValue('subType', subType as TEventSubType | null)}
                  />
                </>
              )}
              <TextInput
                label={t('ruleTemplates.fields.title')}
                description={t('ruleTemplates.help.placeholders', { placeholders })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                maxLength={300}
                {...form.getInputProps('title')}
              />
              <Switch
                mt={{ sm: 28 }}
                label={t('ruleTemplates.fields.isPublic')}
                description={t('ruleTemplates.help.isPublic')}
                {...form.getInputProps('isPublic', { type: 'checkbox' })}
              />
            </SimpleGrid>
            <Textarea
              label={t('ruleTemplates.fields.message')}
              description={t('ruleTemplates.help.placeholders', { placeholders })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              autosize
              minRows={3}
              maxLength={5000}
              {...form.getInputProps('message')}
            />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('ruleTemplates.createRule') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
      {id !== null && rule.data && <RuleSystemsPanel ruleId={id} parameterName={rule.data.parameterName} />}
      <RuleTestPanel values={values} />
    </Stack>
  );
}
