import {
  Button,
  Card,
  Chip,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  can,
  GEOMETRY_TYPES_BY_SYSTEM_TYPE,
  MOBILITY_SYSTEM_TYPES,
  SERVICE_DAY_GROUPS,
  SERVICE_DAYS,
  type TGeometry,
  type TMobilitySystem,
  type TMobilitySystemInput,
  type TMobilitySystemType,
  type TRelatedInfo,
  type TServiceDay,
  ZMobilitySystemInput,
} from '@mip/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ColourInput } from '../../components/ColourInput';
import { DelayedLoader } from '../../components/DelayedLoader';
import { DocumentSections } from '../../components/files/DocumentSections';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { notify } from '../../components/notify';
import { RemoteMultiSelect } from '../../components/select/RemoteMultiSelect';
import { RemoteSelect, type TOption } from '../../components/select/RemoteSelect';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { searchDashboardOptions } from '../dashboards/dashboard-options';
import { MobilityGroupSelect } from '../mobility-groups/MobilityGroupSelect';
import { Timetable } from '../timetable/Timetable';
import { GeometryEditor } from './GeometryEditor';
import { ParametersEditor, type TParameterForm } from './ParametersEditor';
import { PropertiesEditor, type TPropertyRow, toPropertyRows, toPropertyValue } from './PropertiesEditor';
import { deleteMobilitySystem, saveMobilitySystem, searchSystemOptions, useMobilitySystem } from './useMobilitySystems';

interface TFormValues {
  name: string;
  description: string;
  systemType: TMobilitySystemType;
  parentId: number | null;
  parentSystemId: number | null;
  dashboardId: number | null;
  color: string;
  active: boolean;
  geometry: TGeometry | null;
  serviceDays: TServiceDay[];
  showSchedules: boolean;
  /** The routes and stop order a GTFS import wrote: kept as they are. */
  relatedInfoRest: Omit<TRelatedInfo, 'showSchedules'>;
  relatedSystems: TOption[];
  properties: TPropertyRow[];
  parameters: TParameterForm[];
}

const EMPTY: TFormValues = {
  name: '',
  description: '',
  systemType: 'STOP',
  parentId: null,
  parentSystemId: null,
  dashboardId: null,
  color: '',
  active: true,
  geometry: null,
  serviceDays: [],
  showSchedules: false,
  relatedInfoRest: {},
  relatedSystems: [],
  properties: [],
  parameters: [],
};

function toFormValues(system: TMobilitySystem): TFormValues {
  const { showSchedules, ...relatedInfoRest } = system.relatedInfo ?? {};
  return {
    name: system.name,
    description: system.description,
    systemType: system.systemType,
    parentId: system.parentId,
    parentSystemId: system.parentSystem?.id ?? null,
    dashboardId: system.dashboardId,
    color: system.color ?? '',
    active: system.active,
    geometry: system.geometry,
    serviceDays: system.serviceDays,
    showSchedules: Boolean(showSchedules),
    relatedInfoRest,
    relatedSystems: system.relatedSystems.map(({ id, name }) => ({ id, name })),
    properties: toPropertyRows(system.properties),
    parameters: system.parameters.map((parameter) => ({
      templateId: parameter.templateId ?? '',
      name: parameter.name,
      type: parameter.type,
      value: parameter.value ?? '',
      options: parameter.options,
      readerId: parameter.readerId ?? '',
    })),
  };
}

/** The values as the API takes them (the shape the shared schema checks on both sides). */
function toInput(values: TFormValues): TMobilitySystemInput {
  const relatedInfo = { ...values.relatedInfoRest, showSchedules: values.showSchedules };
  const isEmptyInfo = !values.showSchedules && Object.keys(values.relatedInfoRest).length === 0;
  return {
    name: values.name,
    description: values.description,
    systemType: values.systemType,
    parentId: values.parentId as number,
    parentSystemId: values.parentSystemId,
    dashboardId: values.dashboardId,
    color: values.color,
    active: values.active,
    geometry: values.geometry,
    serviceDays: values.serviceDays,
    relatedInfo: isEmptyInfo ? null : relatedInfo,
    relatedSystemIds: values.relatedSystems.map((system) => system.id),
    properties: Object.fromEntries(
      values.properties
        .filter((row) => row.key.trim() !== '')
        .map((row) => [row.key.trim(), toPropertyValue(row.value)]),
    ),
    parameters: values.parameters.map((parameter) => ({
      templateId: parameter.templateId === '' ? null : parameter.templateId,
      name: parameter.name,
      type: parameter.type,
      value: parameter.value === '' ? null : parameter.value,
      options: parameter.options,
      readerId: parameter.readerId === '' ? null : parameter.readerId,
    })),
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Create (/mobile-systems/create) or edit (/mobile-systems/{id}) a stop, a route or another system. */
export default function MobilitySystemFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const session = useSession();
  const queryClient = useQueryClient();
  const system = useMobilitySystem(id);
  // Only someone who may list dashboards can pick one; the others keep the one set.
  const canPickDashboard = session !== null && can(session, { any: ['READ_DASHBOARD', 'MANAGE_DASHBOARDS'] });

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(t, ZMobilitySystemInput, toInput(values)),
  });

  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: system.data,
    form,
    toFormValues,
    save: (values: TFormValues) => saveMobilitySystem(id, toInput(values)),
    remove: deleteMobilitySystem,
    queryKey: ['mobility-systems'],
    texts: { created: 'mobility.systemCreated', updated: 'mobility.systemUpdated' },
    paths: { list: '/mobile-systems', record: (recordId) => `/mobile-systems/${recordId}` },
  });

  if (id !== null && system.isPending) return <DelayedLoader />;
  if (id !== null && system.isError)
    return <RecordLoadFailure query={system} notFoundText={t('mobility.systemNotFound')} />;

  const handleTypeChange = (systemType: TMobilitySystemType) => {
    const geometry = form.values.geometry;
    // A stop's point cannot be a route's line: the drawing starts over when it no longer fits.
    const isFitting = geometry && GEOMETRY_TYPES_BY_SYSTEM_TYPE[systemType].includes(geometry.type);
    form.setValues({ systemType, geometry: isFitting ? geometry : null });
  };

  const days = form.values.serviceDays;

  return (
    <Stack gap="lg" maw={1100}>
      <form
        onSubmit={form.onSubmit(
          (values) => saving.mutate(values),
          () => notify({ kind: 'error', title: t('errors.FORM_ERROR_TITLE'), message: t('errors.FORM_ERROR') }),
        )}
        noValidate
      >
        <Stack gap="md">
          <Section id="system-identification" title={t('mobility.sections.system')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('mobility.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
              <Select
                label={t('mobility.fields.systemType')}
                required
                allowDeselect={false}
                data={MOBILITY_SYSTEM_TYPES.map((type) => ({ value: type, label: t(`mobility.systemTypes.${type}`) }))}
                value={form.values.systemType}
                error={form.errors.systemType}
                onChange={(type) => type && handleTypeChange(type as TMobilitySystemType)}
              />
              <MobilityGroupSelect
                label={t('mobility.fields.group')}
                required
                clearable={false}
                value={form.values.parentId}
                error={form.errors.parentId}
                onChange={(parentId) => form.setFieldValue('parentId', parentId)}
              />
              <RemoteSelect
                label={t('mobility.fields.parentSystem')}
                placeholder={t('mobility.noParentSystem')}
                queryKey={['mobility-systems', 'select', id]}
                search={(text, ids) => searchSystemOptions(text, ids, id)}
                nothingFoundMessage={t('table.noResults')}
                value={form.values.parentSystemId}
                error={form.errors.parentSystemId}
                onChange={(parentSystemId) => form.setFieldValue('parentSystemId', parentSystemId)}
              />
              {canPickDashboard && (
                <RemoteSelect
                  label={t('mobility.fields.dashboard')}
                  description={t('mobility.help.dashboard')}
                  placeholder={t('mobility.noDashboard')}
                  queryKey={['dashboards', 'select']}
                  search={searchDashboardOptions}
                  nothingFoundMessage={t('table.noResults')}
                  value={form.values.dashboardId}
                  error={form.errors.dashboardId}
                  onChange={(dashboardId) => form.setFieldValue('dashboardId', dashboardId)}
                />
              )}
              <ColourInput
                label={t('mobility.fields.color')}
                description={t('mobility.help.color')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('color')}
              />
              <Switch
                mt={{ sm: 'xl' }}
                label={t('mobility.fields.active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            </SimpleGrid>
            <Textarea
              label={t('mobility.fields.description')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={5000}
              {...form.getInputProps('description')}
            />
            {system.data?.externalRef && (
              <Text size="sm" c="dimmed" data-testid="system-external-ref">
                {t('mobility.externalRef', { ref: system.data.externalRef })}
              </Text>
            )}
          </Section>
          <Section id="system-location" title={t('mobility.sections.location')}>
            <GeometryEditor
              systemType={form.values.systemType}
              value={form.values.geometry}
              color={form.values.color || null}
              error={form.errors.geometry}
              onChange={(geometry) => form.setFieldValue('geometry', geometry)}
            />
          </Section>
          <Section id="system-service" title={t('mobility.sections.service')}>
            <Input.Wrapper label={t('mobility.fields.serviceDays')} error={form.errors.serviceDays}>
              <Stack gap="xs" mt={6}>
                <Chip.Group
                  multiple
                  value={days}
                  onChange={(value) => form.setFieldValue('serviceDays', value as TServiceDay[])}
                >
                  <Group gap={6}>
                    {SERVICE_DAYS.map((day) => (
                      <Chip key={day} value={day} size="sm">
                        {t(`mobility.days.${day}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                <Group gap={6}>
                  {SERVICE_DAY_GROUPS.map((group) => (
                    <Button
                      key={group.id}
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => form.setFieldValue('serviceDays', [...group.days])}
                    >
                      {t(`mobility.dayGroups.${group.id}`)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Input.Wrapper>
            <Switch
              label={t('mobility.fields.showSchedules')}
              description={t('mobility.help.showSchedules')}
              {...form.getInputProps('showSchedules', { type: 'checkbox' })}
            />
          </Section>
          <Section id="system-related" title={t('mobility.sections.related')}>
            <RemoteMultiSelect
              label={t('mobility.fields.relatedSystems')}
              queryKey={['mobility-systems', 'related', id]}
              search={(text) => searchSystemOptions(text, undefined, id)}
              value={form.values.relatedSystems}
              error={form.errors.relatedSystemIds}
              onChange={(relatedSystems) => form.setFieldValue('relatedSystems', relatedSystems)}
            />
          </Section>
          <Section id="system-properties" title={t('mobility.sections.properties')}>
            <PropertiesEditor
              value={form.values.properties}
              error={form.errors.properties}
              onChange={(properties) => form.setFieldValue('properties', properties)}
            />
          </Section>
          <Section id="system-parameters" title={t('mobility.sections.parameters')}>
            <ParametersEditor
              value={form.values.parameters}
              errors={form.errors}
              onChange={(parameters) => form.setFieldValue('parameters', parameters)}
            />
          </Section>
          {system.data && (
            <Text size="sm" c="dimmed" data-testid="system-facts">
              {t('mobility.updatedAt', { date: formatDateTime(system.data.updatedAt, session?.timeZone) })}
            </Text>
          )}
          <FormActions
            submitLabel={id === null ? t('mobility.createSystem') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
      {system.data ? (
        <DocumentSections
          ownerKind="MOBILITY_SYSTEM"
          ownerId={system.data.id}
          photos={system.data.documents}
          files={system.data.files}
          canEdit
          onChanged={() => queryClient.invalidateQueries({ queryKey: ['mobility-systems', id] })}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('mobility.documentsAfterCreate')}
        </Text>
      )}
      {system.data && system.data.systemType !== 'OTHER' && (
        <Timetable systemId={system.data.id} systemType={system.data.systemType} />
      )}
    </Stack>
  );
}
