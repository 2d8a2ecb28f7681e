import {
  Card,
  Group,
  NumberInput,
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
  GROUP_ICON_MAX_CHARS,
  MAX_MAP_ZOOM,
  MIN_MAP_ZOOM,
  MOBILITY_GROUP_TYPES,
  MOBILITY_LAYER_TYPES,
  type TMobilityGroup,
  type TMobilityGroupInput,
  type TMobilityGroupType,
  type TMobilityLayerType,
  ZMobilityGroupInput,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ColourInput } from '../../components/ColourInput';
import { DelayedLoader } from '../../components/DelayedLoader';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { notify } from '../../components/notify';
import { SvgIconField } from '../../components/SvgIconField';
import { errorText } from '../../components/server-errors';
import { validateWithSchema } from '../auth/zod-form';
import { EntitySelect } from '../entities/EntitySelect';
import { MobilityGroupSelect } from './MobilityGroupSelect';
import { deleteMobilityGroup, saveMobilityGroup, useMobilityGroup } from './useMobilityGroups';

type TZoomField = 'minZoomFiltered' | 'maxZoomFiltered' | 'minZoomNotFiltered' | 'maxZoomNotFiltered';

interface TFormValues extends Record<TZoomField, number | ''> {
  name: string;
  icon: string | null;
  color: string;
  type: TMobilityGroupType;
  layerType: TMobilityLayerType;
  /** MapLibre layers as JSON text. */
  styles: string;
  tileMetadataUrl: string;
  allowOverlap: boolean;
  allowClustering: boolean;
  parentId: number | null;
  /** Null on a new group: the server puts it in its parent's entity, or the user's. */
  entityId: number | null;
}

const EMPTY: TFormValues = {
  name: '',
  icon: null,
  color: '',
  type: 'STATIC',
  layerType: 'DEFAULT_LAYERS',
  styles: '',
  tileMetadataUrl: '',
  allowOverlap: false,
  allowClustering: false,
  minZoomFiltered: '',
  maxZoomFiltered: '',
  minZoomNotFiltered: '',
  maxZoomNotFiltered: '',
  parentId: null,
  entityId: null,
};

function toFormValues(group: TMobilityGroup): TFormValues {
  return {
    name: group.name,
    icon: group.icon,
    color: group.color ?? '',
    type: group.type,
    layerType: group.layerType,
    styles: group.styles === null ? '' : JSON.stringify(group.styles, null, 2),
    tileMetadataUrl: group.tileMetadataUrl ?? '',
    allowOverlap: group.allowOverlap,
    allowClustering: group.allowClustering,
    minZoomFiltered: group.minZoomFiltered ?? '',
    maxZoomFiltered: group.maxZoomFiltered ?? '',
    minZoomNotFiltered: group.minZoomNotFiltered ?? '',
    maxZoomNotFiltered: group.maxZoomNotFiltered ?? '',
    parentId: group.parentId,
    entityId: group.entityId,
  };
}

const INVALID_JSON = Symbol('invalid JSON');

function parseStyles(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

const zoomOrNull = (value: number | '') => (value === '' ? null : value);

/** The values as the API takes them (the same shape the shared schema checks). */
function toInput(values: TFormValues): TMobilityGroupInput {
  const styles = parseStyles(values.styles);
  return {
    ...values,
    styles: styles === INVALID_JSON ? 'INVALID' : (styles as TMobilityGroupInput['styles']),
    minZoomFiltered: zoomOrNull(values.minZoomFiltered),
    maxZoomFiltered: zoomOrNull(values.maxZoomFiltered),
    minZoomNotFiltered: zoomOrNull(values.minZoomNotFiltered),
    maxZoomNotFiltered: zoomOrNull(values.maxZoomNotFiltered),
  } as TMobilityGroupInput;
}

/** Create (/mobile-system-groups/create) or edit (/mobile-system-groups/{id}) a group of mobility systems. */
export default function MobilityGroupFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const group = useMobilityGroup(id);

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validateWithSchema(t, ZMobilityGroupInput, toInput(values));
      if (id !== null && values.parentId === id) errors.parentId ??= errorText(t, 'INVALID_PARENT');
      return errors;
    },
  });

  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: group.data,
    form,
    toFormValues,
    save: (values: TFormValues) => saveMobilityGroup(id, toInput(values)),
    remove: deleteMobilityGroup,
    queryKey: ['mobility-groups'],
    texts: { created: 'mobility.groupCreated', updated: 'mobility.groupUpdated' },
    paths: { list: '/mobile-system-groups', record: (recordId) => `/mobile-system-groups/${recordId}` },
  });

  if (id !== null && group.isPending) return <DelayedLoader />;
  if (id !== null && group.isError)
    return <RecordLoadFailure query={group} notFoundText={t('mobility.groupNotFound')} />;

  const zoomInput = (field: TZoomField) => (
    <NumberInput
      label={t(`mobility.fields.${field}`)}
      min={MIN_MAP_ZOOM}
      max={MAX_MAP_ZOOM}
      allowDecimal
      decimalScale={1}
      {...form.getInputProps(field)}
    />
  );

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
          <Card withBorder padding="lg" component="section" aria-labelledby="group-identification">
            <Stack gap="md">
              <Title order={2} size="h4" id="group-identification">
                {t('mobility.sections.group')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('mobility.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
                <MobilityGroupSelect
                  label={t('mobility.fields.parentGroup')}
                  placeholder={t('mobility.noParentGroup')}
                  value={form.values.parentId}
                  error={form.errors.parentId}
                  onChange={(parentId) => form.setFieldValue('parentId', parentId)}
                />
                <EntitySelect
                  label={t('mobility.fields.entity')}
                  description={t('mobility.help.entity')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder={t('mobility.defaultEntity')}
                  clearable={id === null}
                  value={form.values.entityId}
                  error={form.errors.entityId}
                  onChange={(entityId) => form.setFieldValue('entityId', entityId)}
                />
                <Select
                  label={t('mobility.fields.groupType')}
                  required
                  allowDeselect={false}
                  data={MOBILITY_GROUP_TYPES.map((type) => ({ value: type, label: t(`mobility.groupTypes.${type}`) }))}
                  {...form.getInputProps('type')}
                />
                <Select
                  label={t('mobility.fields.layerType')}
                  required
                  allowDeselect={false}
                  data={MOBILITY_LAYER_TYPES.map((type) => ({ value: type, label: t(`mobility.layerTypes.${type}`) }))}
                  {...form.getInputProps('layerType')}
                />
                <ColourInput
                  label={t('mobility.fields.color')}
                  description={t('mobility.help.color')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('color')}
                />
                <SvgIconField
                  value={form.values.icon}
                  onChange={(icon) => form.setFieldValue('icon', icon)}
                  error={form.errors.icon}
                  maxLength={GROUP_ICON_MAX_CHARS}
                  color={form.values.color || null}
                  noIconText={t('mobility.noIcon')}
                />
              </SimpleGrid>
            </Stack>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="group-map">
            <Stack gap="md">
              <Title order={2} size="h4" id="group-map">
                {t('mobility.sections.map')}
              </Title>
              <Group gap="xl">
                <Switch
                  label={t('mobility.fields.allowOverlap')}
                  {...form.getInputProps('allowOverlap', { type: 'checkbox' })}
                />
                <Switch
                  label={t('mobility.fields.allowClustering')}
                  {...form.getInputProps('allowClustering', { type: 'checkbox' })}
                />
              </Group>
              <Text size="sm" fw={500}>
                {t('mobility.zoomRanges')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {zoomInput('minZoomFiltered')}
                {zoomInput('maxZoomFiltered')}
                {zoomInput('minZoomNotFiltered')}
                {zoomInput('maxZoomNotFiltered')}
              </SimpleGrid>
              <TextInput
                label={t('mobility.fields.tileMetadataUrl')}
                description={t('mobility.help.tileMetadataUrl')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder="https://"
                type="url"
                {...form.getInputProps('tileMetadataUrl')}
              />
              <Textarea
                label={t('mobility.fields.styles')}
                description={t('mobility.help.styles')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autosize
                minRows={3}
                maxRows={14}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                {...form.getInputProps('styles')}
              />
            </Stack>
          </Card>
          {group.data && group.data.subgroups.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="group-subgroups">
              {t('mobility.subgroupsAre', { names: group.data.subgroups.map((sub) => sub.name).join(', ') })}
            </Text>
          )}
          <FormActions
            submitLabel={id === null ? t('mobility.createGroup') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
