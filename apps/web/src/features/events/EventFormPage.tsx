import { Button, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  can,
  EVENT_DIRECTIONS,
  EVENT_PRIORITIES,
  eventCategoryProblems,
  SUB_TYPES_BY_CATEGORY_TYPE,
  type TEvent,
  type TEventCategoryType,
  type TEventDirection,
  type TEventPriority,
  type TEventSubType,
  ZEventInput,
} from '@mip/shared';
import { IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DateInput } from '../../components/dates/DateInput';
import { DocumentSections } from '../../components/files/DocumentSections';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { notify } from '../../components/notify';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { DROPDOWN_PAGE_SIZE, type TOption } from '../../components/select/RemoteSelect';
import { errorText, showServerError } from '../../components/server-errors';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { EntitySelect } from '../entities/EntitySelect';
import { useActiveEventCategories } from '../event-categories/useEventCategories';
import { searchMobilitySystems } from '../mobility-systems/useMobilitySystems';
import { RuleEventOrigin } from '../rule-templates/RuleEventOrigin';
import { EventComments, EventTimeline } from './EventActivity';
import { EventGeometryEditor } from './EventGeometryEditor';
import { EventStatusBar } from './EventStatusBar';
import {
  EMPTY_EVENT_FORM,
  systemOptionName,
  type TEventFormValues,
  toEventFormValues,
  toEventInput,
} from './event-form';
import { eventGeoJsonOfParts } from './event-geometry';
import { deleteEvent, saveEvent, suggestAffectedSystems, useEvent } from './useEvents';

/** useRecordForm names records by `name`; an event's is its title. */
type TNamedEvent = TEvent & { name: string };
const named = (event: TEvent): TNamedEvent => ({ ...event, name: event.title });

/** An incident may affect any entity's systems, not only those the user may edit. */
async function searchAffectedSystems(text: string): Promise<TOption[]> {
  const page = await searchMobilitySystems({
    universalSearch: text,
    allEntities: true,
    itemsPerPage: DROPDOWN_PAGE_SIZE,
    sortProperty: 'name',
    sortDirection: 'ASC',
  });
  return page.content.map((system) => ({ id: system.id, name: systemOptionName(system.name, system.parent.name) }));
}

/**
 * Create (/events/create) or edit (/events/{id}) an incident: what, when,
 * where (drawn on the map), which systems it affects, its photos and files;
 * and, once it exists, its status, transfer, comments and timeline. Opened
 * on its own from an incident card on the map, it needs nothing but its id.
 */
export default function EventFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const session = useSession();
  const timeZone = session?.timeZone;
  const queryClient = useQueryClient();
  const canWrite = Boolean(session && can(session, { all: ['WRITE_EVENT'] }));
  const isReadOnly = !canWrite;
  const event = useEvent(id);
  const categories = useActiveEventCategories();
  const [isSuggesting, setIsSuggesting] = useState(false);

  const categoryTypeOf = (categoryId: number | null): TEventCategoryType | null => {
    if (categoryId === null) return null;
    const listed = categories.data?.find((category) => category.id === categoryId);
    if (listed) return listed.categoryType;
    return event.data?.category.id === categoryId ? event.data.category.categoryType : null;
  };

  const form = useForm<TEventFormValues>({
    initialValues: EMPTY_EVENT_FORM,
    validate: (values) => {
      const errors = validateWithSchema(t, ZEventInput, toEventInput(values, timeZone));
      const categoryType = categoryTypeOf(values.categoryId);
      if (categoryType) {
        for (const problem of eventCategoryProblems(values, categoryType)) {
          errors[problem.property] ??= errorText(t, problem.error);
        }
      }
      return errors;
    },
  });

  // One object per answer: useRecordForm refills the form whenever the record changes.
  const record = useMemo(() => (event.data ? named(event.data) : undefined), [event.data]);
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record,
    form,
    toFormValues: (record: TNamedEvent) => toEventFormValues(record, timeZone),
    save: async (values: TEventFormValues) => named(await saveEvent(id, toEventInput(values, timeZone))),
    remove: deleteEvent,
    queryKey: ['events'],
    texts: { created: 'events.created', updated: 'events.updated' },
    paths: { list: '/events', record: (recordId) => `/events/${recordId}` },
  });

  if (id !== null && event.isPending) return <DelayedLoader />;
  if (id !== null && event.isError) return <RecordLoadFailure query={event} notFoundText={t('events.notFound')} />;

  const { values } = form;
  const categoryType = categoryTypeOf(values.categoryId);
  const isTraffic = categoryType !== null && categoryType !== 'GENERIC';
  const categoryOptions = [
    ...(categories.data ?? []),
    ...(event.data && !categories.data?.some((category) => category.id === event.data.category.id)
      ? [event.data.category]
      : []),
  ].map((category) => ({ value: String(category.id), label: category.name }));

  const handleCategory = (value: string | null) => {
    const categoryId = value ? Number(value) : null;
    const type = categoryTypeOf(categoryId);
    const subTypes = type ? SUB_TYPES_BY_CATEGORY_TYPE[type] : [];
    // A road closure's sub-type means nothing to a hazard, and neither needs a direction once generic.
    form.setValues({
      categoryId,
      direction: type && type !== 'GENERIC' ? values.direction : null,
      subType: values.subType && subTypes.includes(values.subType) ? values.subType : null,
    });
  };

  const handleSuggest = async () => {
    const geojson = eventGeoJsonOfParts(values.parts);
    if (!geojson) {
      form.setFieldError('geojson', errorText(t, 'MISSING_GEOMETRY'));
      return;
    }
    setIsSuggesting(true);
    try {
      const suggested = await suggestAffectedSystems(geojson);
      const known = new Set(values.affectedSystems.map((system) => system.id));
      const added = suggested
        .filter((system) => !known.has(system.id))
        .map((system) => ({ id: system.id, name: systemOptionName(system.name, system.parentName) }));
      form.setFieldValue('affectedSystems', [...values.affectedSystems, ...added]);
      notify({
        kind: added.length > 0 ? 'success' : 'info',
        title: t('events.systems.suggestTitle'),
        message: t('events.systems.suggested', { count: added.length }),
      });
    } catch (error) {
      showServerError(t, error, form.setErrors);
    } finally {
      setIsSuggesting(false);
    }
  };

  const photos = event.data?.files ?? [];
  const files = event.data?.documents ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      {event.data && <EventStatusBar event={event.data} />}
      <form
        onSubmit={form.onSubmit(
          (submitted) => saving.mutate(submitted),
          () => notifyInvalidForm(t),
        )}
        noValidate
      >
        <Stack gap="md">
          <TitledSection id="event-identification" title={t('events.sections.event')}>
            <TextInput
              label={t('events.fields.title')}
              required
              maxLength={300}
              readOnly={isReadOnly}
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('events.fields.category')}
                required
                searchable
                allowDeselect={false}
                readOnly={isReadOnly}
                nothingFoundMessage={t('table.noResults')}
                data={categoryOptions}
                value={values.categoryId === null ? null : String(values.categoryId)}
                error={form.errors.categoryId}
                onChange={handleCategory}
              />
              <Select
                label={t('events.fields.priority')}
                required
                allowDeselect={false}
                readOnly={isReadOnly}
                data={EVENT_PRIORITIES.map((priority) => ({
                  value: priority,
                  label: t(`eventVocab.priority.${priority}`),
                }))}
                value={values.priority}
                error={form.errors.priority}
                onChange={(priority) => priority && form.setFieldValue('priority', priority as TEventPriority)}
              />
              {isTraffic && categoryType && (
                <>
                  <Select
                    label={t('events.fields.direction')}
                    required
                    readOnly={isReadOnly}
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
                    readOnly={isReadOnly}
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
              <EntitySelect
                label={t('events.fields.entity')}
                description={id === null ? t('events.help.entity') : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('events.defaultEntity')}
                readOnly={isReadOnly || id !== null}
                value={values.entityId}
                error={form.errors.entityId}
                onChange={(entityId) => form.setFieldValue('entityId', entityId)}
              />
              <Switch
                mt={{ sm: 28 }}
                label={t('events.fields.isPublic')}
                description={t('events.help.isPublic')}
                disabled={isReadOnly}
                {...form.getInputProps('isPublic', { type: 'checkbox' })}
              />
            </SimpleGrid>
            <Textarea
              label={t('events.fields.description')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={10_000}
              readOnly={isReadOnly}
              {...form.getInputProps('description')}
            />
          </TitledSection>

          <TitledSection id="event-when" title={t('events.sections.when')}>
            <Switch
              label={t('events.fields.isFuture')}
              description={t('events.help.isFuture')}
              disabled={isReadOnly}
              {...form.getInputProps('isFuture', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <DateInput
                  style={{ flex: 1 }}
                  label={t('events.fields.fromDate')}
                  required
                  clearable
                  readOnly={isReadOnly}
                  limitPast={values.isFuture && id === null}
                  value={values.fromDay}
                  error={form.errors.fromTimestamp}
                  onChange={(fromDay) => form.setFieldValue('fromDay', fromDay)}
                />
                <TimeInput
                  w={110}
                  label={t('events.fields.fromTime')}
                  readOnly={isReadOnly}
                  {...form.getInputProps('fromTime')}
                />
              </Group>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <DateInput
                  style={{ flex: 1 }}
                  label={t('events.fields.toDate')}
                  clearable
                  readOnly={isReadOnly}
                  minDate={values.fromDay}
                  value={values.toDay}
                  error={form.errors.toTimestamp}
                  onChange={(toDay) => form.setFieldValue('toDay', toDay)}
                />
                <TimeInput
                  w={110}
                  label={t('events.fields.toTime')}
                  readOnly={isReadOnly}
                  {...form.getInputProps('toTime')}
                />
              </Group>
            </SimpleGrid>
          </TitledSection>

          <TitledSection id="event-location" title={t('events.sections.location')}>
            <EventGeometryEditor
              parts={values.parts}
              onChange={(parts) => {
                form.setFieldValue('parts', parts);
                if (form.errors.geojson) form.clearFieldError('geojson');
              }}
              isFuture={values.isFuture}
              error={form.errors.geojson}
              isReadOnly={isReadOnly}
            />
          </TitledSection>

          <TitledSection id="event-systems" title={t('events.sections.systems')}>
            <RemoteMultiSelect
              label={t('events.fields.affectedSystems')}
              description={t('events.help.affectedSystems')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              queryKey={['mobility-systems', 'affected']}
              search={searchAffectedSystems}
              readOnly={isReadOnly}
              value={values.affectedSystems}
              error={form.errors.affectedSystemIds}
              onChange={(affectedSystems) => form.setFieldValue('affectedSystems', affectedSystems)}
            />
            {!isReadOnly && (
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconSparkles size={14} />}
                  loading={isSuggesting}
                  onClick={() => void handleSuggest()}
                >
                  {t('events.systems.suggest')}
                </Button>
              </Group>
            )}
          </TitledSection>

          {event.data && (
            <Text size="sm" c="dimmed" data-testid="event-facts">
              {t('events.facts', {
                created: formatDateTime(event.data.createdAt, timeZone),
                by: event.data.createdBy?.name ?? t('events.activity.someone'),
                updated: formatDateTime(event.data.updatedAt, timeZone),
              })}
            </Text>
          )}
          {canWrite ? (
            <FormActions
              submitLabel={id === null ? t('events.createEvent') : t('common.save')}
              isSaving={saving.isPending}
              onCancel={handleCancel}
              onDelete={handleDelete}
            />
          ) : (
            <Group>
              <Button variant="default" onClick={handleCancel}>
                {t('events.backToList')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {event.data && <RuleEventOrigin eventId={event.data.id} />}
      {event.data ? (
        <DocumentSections
          ownerKind="EVENT"
          ownerId={event.data.id}
          photos={photos}
          files={files}
          canEdit={canWrite}
          onChanged={() => queryClient.invalidateQueries({ queryKey: ['events', id] })}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('events.documentsAfterCreate')}
        </Text>
      )}
      {event.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <EventComments eventId={event.data.id} />
          <EventTimeline eventId={event.data.id} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
