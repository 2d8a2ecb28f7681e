import { Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EVENT_CATEGORY_ICON_MAX_CHARS,
  EVENT_CATEGORY_TYPES,
  EVENT_STATUSES,
  type TEventCategory,
  type TEventCategoryInput,
  type TEventCategoryType,
  type TEventStatus,
  type TPagedList,
  type TUserListItem,
  USER_TYPES,
  ZEventCategoryInput,
} from '@mip/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { SvgIconField } from '../../components/SvgIconField';
import { DROPDOWN_PAGE_SIZE, RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { errorText } from '../../components/server-errors';
import { looksLikeSvg, svgMarkupOfDataUrl } from '../../components/svg-icon';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { EntitySelect } from '../entities/EntitySelect';
import { deleteEventCategory, saveEventCategory, useEventCategory } from './useEventCategories';

interface TFormValues {
  name: string;
  /** SVG markup, as the API takes it. */
  icon: string | null;
  categoryType: TEventCategoryType;
  allowPublic: boolean;
  allocatedToEntityId: number | null;
  reportAgent: TOption | null;
  allowGeometry: boolean;
  allowPhotoUpload: boolean;
  eventStatuses: TEventStatus[];
  limitUserType: string | null;
  statusOnOriginReply: TEventStatus | null;
  statusOnDestinationReply: TEventStatus | null;
  active: boolean;
}

const EMPTY: TFormValues = {
  name: '',
  icon: null,
  categoryType: 'GENERIC',
  allowPublic: false,
  allocatedToEntityId: null,
  reportAgent: null,
  allowGeometry: true,
  allowPhotoUpload: true,
  eventStatuses: [...EVENT_STATUSES],
  limitUserType: null,
  statusOnOriginReply: null,
  statusOnDestinationReply: null,
  active: true,
};

function toFormValues(category: TEventCategory): TFormValues {
  return {
    name: category.name,
    icon: svgMarkupOfDataUrl(category.icon),
    categoryType: category.categoryType,
    allowPublic: category.allowPublic,
    allocatedToEntityId: category.allocatedToEntity?.id ?? null,
    reportAgent: category.reportAgent,
    allowGeometry: category.allowGeometry,
    allowPhotoUpload: category.allowPhotoUpload,
    eventStatuses: category.eventStatuses,
    limitUserType: category.limitUserType,
    statusOnOriginReply: category.statusOnOriginReply,
    statusOnDestinationReply: category.statusOnDestinationReply,
    active: category.active,
  };
}

/** The values as the API takes them (the shape the shared schema checks on both sides). */
function toInput(values: TFormValues): TEventCategoryInput {
  return {
    name: values.name,
    icon: values.icon,
    categoryType: values.categoryType,
    allowPublic: values.allowPublic,
    allocatedToEntityId: values.allocatedToEntityId,
    reportAgentUserId: values.reportAgent?.id ?? null,
    allowGeometry: values.allowGeometry,
    allowPhotoUpload: values.allowPhotoUpload,
    eventStatuses: values.eventStatuses,
    limitUserType: values.limitUserType as TEventCategoryInput['limitUserType'],
    statusOnOriginReply: values.statusOnOriginReply,
    statusOnDestinationReply: values.statusOnDestinationReply,
    active: values.active,
  };
}

/** The report agent: a user of the allocated entity when one is chosen (the server holds them to it), any user otherwise. */
function ReportAgentSelect({
  entityId,
  value,
  error,
  onChange,
}: {
  entityId: number | null;
  value: TOption | null;
  error?: ReactNode;
  onChange: (value: TOption | null) => void;
}) {
  const { t } = useTranslation();
  const search = async (text: string, ids?: number[]): Promise<TOption[]> => {
    // The users' search takes no ids: the chosen user's name comes with the category.
    if (ids) return value && ids.includes(value.id) ? [value] : [];
    const page = await api.get<TPagedList<TUserListItem>>('users/search', {
      universalSearch: text,
      entityId: entityId ?? undefined,
      itemsPerPage: DROPDOWN_PAGE_SIZE,
      sortProperty: 'name',
      sortDirection: 'ASC',
    });
    return page.content.map((user) => ({ id: user.id, name: user.name }));
  };
  return (
    <RemoteSelect
      queryKey={['users', 'report-agent', entityId, value?.id ?? null]}
      search={search}
      label={t('eventCategories.fields.reportAgent')}
      description={t(
        entityId === null ? 'eventCategories.help.reportAgent' : 'eventCategories.help.reportAgentOfEntity',
      )}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={t('eventCategories.noReportAgent')}
      nothingFoundMessage={t('table.noResults')}
      value={value?.id ?? null}
      error={error}
      onChange={(_id, option) => onChange(option)}
    />
  );
}

/** Create (/event-category/create) or edit (/event-category/{id}) a category of events. */
export default function EventCategoryFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const category = useEventCategory(id);

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validateWithSchema(t, ZEventCategoryInput, toInput(values));
      if (values.icon && !looksLikeSvg(values.icon)) errors.icon ??= errorText(t, 'INVALID_ICON');
      return errors;
    },
  });
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: category.data,
    form,
    toFormValues,
    save: (values: TFormValues) => saveEventCategory(id, toInput(values)),
    remove: deleteEventCategory,
    queryKey: ['event-categories'],
    texts: { created: 'eventCategories.created', updated: 'eventCategories.updated' },
    paths: { list: '/event-category', record: (recordId) => `/event-category/${recordId}` },
  });

  if (id !== null && category.isPending) return <DelayedLoader />;
  if (id !== null && category.isError)
    return <RecordLoadFailure query={category} notFoundText={t('eventCategories.notFound')} />;

  const { values } = form;
  const statusLabel = (status: string) => t(`eventVocab.status.${status}`);
  const replyOptions = values.eventStatuses.map((status) => ({ value: status, label: statusLabel(status) }));

  const handleStatuses = (chosen: string[]) => {
    // OPEN is where every event starts: it stays whatever is unticked.
    const eventStatuses = EVENT_STATUSES.filter((status) => status === 'OPEN' || chosen.includes(status));
    const keep = (status: TEventStatus | null) => (status && eventStatuses.includes(status) ? status : null);
    form.setValues({
      eventStatuses,
      statusOnOriginReply: keep(values.statusOnOriginReply),
      statusOnDestinationReply: keep(values.statusOnDestinationReply),
    });
  };

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
          <TitledSection id="category-identification" title={t('eventCategories.sections.category')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('eventCategories.fields.name')}
                required
                maxLength={200}
                {...form.getInputProps('name')}
              />
              <Select
                label={t('eventCategories.fields.categoryType')}
                description={t('eventCategories.help.categoryType')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                allowDeselect={false}
                data={EVENT_CATEGORY_TYPES.map((type) => ({
                  value: type,
                  label: t(`eventVocab.categoryType.${type}`),
                }))}
                {...form.getInputProps('categoryType')}
              />
              <SvgIconField
                value={values.icon}
                onChange={(icon) => form.setFieldValue('icon', icon)}
                error={form.errors.icon}
                maxLength={EVENT_CATEGORY_ICON_MAX_CHARS}
                canPaste
              />
              <Switch
                mt={{ sm: 28 }}
                label={t('eventCategories.fields.active')}
                description={t('eventCategories.help.active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </TitledSection>

          <TitledSection id="category-handling" title={t('eventCategories.sections.handling')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <EntitySelect
                label={t('eventCategories.fields.allocatedToEntity')}
                description={t('eventCategories.help.allocatedToEntity')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('eventCategories.noEntity')}
                value={values.allocatedToEntityId}
                error={form.errors.allocatedToEntityId}
                onChange={(allocatedToEntityId) =>
                  // The agent was chosen among the previous entity's users.
                  form.setValues({
                    allocatedToEntityId,
                    reportAgent: allocatedToEntityId === values.allocatedToEntityId ? values.reportAgent : null,
                  })
                }
              />
              <ReportAgentSelect
                entityId={values.allocatedToEntityId}
                value={values.reportAgent}
                error={form.errors.reportAgentUserId}
                onChange={(reportAgent) => form.setFieldValue('reportAgent', reportAgent)}
              />
              <Select
                label={t('eventCategories.fields.limitUserType')}
                description={t('eventCategories.help.limitUserType')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('eventCategories.anyUserType')}
                clearable
                data={USER_TYPES.map((type) => ({ value: type, label: t(`users.types.${type}`) }))}
                {...form.getInputProps('limitUserType')}
              />
            </SimpleGrid>
          </TitledSection>

          <TitledSection id="category-public" title={t('eventCategories.sections.public')}>
            <Stack gap="sm">
              <Switch
                label={t('eventCategories.fields.allowPublic')}
                description={t('eventCategories.help.allowPublic')}
                {...form.getInputProps('allowPublic', { type: 'checkbox' })}
              />
              <Switch
                label={t('eventCategories.fields.allowGeometry')}
                description={t('eventCategories.help.allowGeometry')}
                {...form.getInputProps('allowGeometry', { type: 'checkbox' })}
              />
              <Switch
                label={t('eventCategories.fields.allowPhotoUpload')}
                description={t('eventCategories.help.allowPhotoUpload')}
                {...form.getInputProps('allowPhotoUpload', { type: 'checkbox' })}
              />
            </Stack>
          </TitledSection>

          <TitledSection id="category-statuses" title={t('eventCategories.sections.statuses')}>
            <Checkbox.Group
              label={t('eventCategories.fields.eventStatuses')}
              description={t('eventCategories.help.eventStatuses')}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              value={values.eventStatuses}
              error={form.errors.eventStatuses}
              onChange={handleStatuses}
            >
              <Group gap="lg" mt="xs">
                {EVENT_STATUSES.map((status) => (
                  <Checkbox key={status} value={status} label={statusLabel(status)} disabled={status === 'OPEN'} />
                ))}
              </Group>
            </Checkbox.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('eventCategories.fields.statusOnOriginReply')}
                description={t('eventCategories.help.statusOnOriginReply')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('eventCategories.keepStatus')}
                clearable
                data={replyOptions}
                {...form.getInputProps('statusOnOriginReply')}
              />
              <Select
                label={t('eventCategories.fields.statusOnDestinationReply')}
                description={t('eventCategories.help.statusOnDestinationReply')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('eventCategories.keepStatus')}
                clearable
                data={replyOptions}
                {...form.getInputProps('statusOnDestinationReply')}
              />
            </SimpleGrid>
          </TitledSection>

          {category.data && (
            <Text size="sm" c="dimmed" data-testid="category-facts">
              {t('eventCategories.eventsCount', { count: category.data.eventsCount })}
            </Text>
          )}
          <FormActions
            submitLabel={id === null ? t('eventCategories.createCategory') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
