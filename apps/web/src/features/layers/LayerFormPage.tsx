import { Box, Input, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_LAYER_MAX_ZOOM,
  DEFAULT_LAYER_TILE_SIZE,
  LAYER_ICON_MAX_CHARS,
  LAYER_IMAGE_MAX_CHARS,
  MAP_LAYER_TILE_SIZES,
  MAP_LAYER_TYPES,
  type TMapLayer,
  type TMapLayerInput,
  type TMapLayerType,
  ZMapLayerInput,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ColourInput } from '../../components/ColourInput';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { PictureField, readPictureFile } from '../../components/PictureField';
import { SvgIconField } from '../../components/SvgIconField';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { LayerPreview } from './LayerPreview';
import { deleteMapLayer, saveMapLayer, useMapLayer } from './useLayers';

type TBoxValue = number | '';

interface TFormValues {
  name: string;
  type: TMapLayerType;
  url: string;
  attribution: string;
  tileSize: string;
  maxZoom: number | '';
  image: string;
  backgroundColor: string;
  hasBoundingBox: boolean;
  boundingBox: { minLatitude: TBoxValue; maxLatitude: TBoxValue; minLongitude: TBoxValue; maxLongitude: TBoxValue };
  showExtraLayers: boolean;
  icon: string | null;
  color: string;
}

const EMPTY_BOX = { minLatitude: '', maxLatitude: '', minLongitude: '', maxLongitude: '' } as const;

const EMPTY: TFormValues = {
  name: '',
  type: 'XYZ',
  url: '',
  attribution: '',
  tileSize: String(DEFAULT_LAYER_TILE_SIZE),
  maxZoom: '',
  image: '',
  backgroundColor: '',
  hasBoundingBox: false,
  boundingBox: EMPTY_BOX,
  showExtraLayers: true,
  icon: null,
  color: '',
};

function toFormValues(layer: TMapLayer): TFormValues {
  return {
    name: layer.name,
    type: layer.type,
    url: layer.url,
    attribution: layer.attribution ?? '',
    tileSize: String(layer.tileSize),
    maxZoom: layer.maxZoom ?? '',
    image: layer.image ?? '',
    backgroundColor: layer.backgroundColor ?? '',
    hasBoundingBox: layer.boundingBox !== null,
    boundingBox: layer.boundingBox ?? EMPTY_BOX,
    showExtraLayers: layer.showExtraLayers,
    icon: layer.icon,
    color: layer.color ?? '',
  };
}

/** The values as the API takes them (the same shape the shared schema checks). */
function toInput(values: TFormValues): TMapLayerInput {
  const box = values.boundingBox;
  return {
    name: values.name,
    type: values.type,
    url: values.url,
    attribution: values.attribution,
    tileSize: Number(values.tileSize),
    maxZoom: values.maxZoom === '' ? null : values.maxZoom,
    image: values.image,
    backgroundColor: values.backgroundColor,
    // An unfinished box is sent as it is, so the schema names it rather than dropping it.
    boundingBox: values.hasBoundingBox ? (box as unknown as NonNullable<TMapLayerInput['boundingBox']>) : null,
    showExtraLayers: values.showExtraLayers,
    icon: values.icon,
    color: values.color,
  };
}

/** Create (/layers/create) or edit (/layers/{id}) an extra map layer. */
export default function LayerFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const layer = useMapLayer(id);

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(t, ZMapLayerInput, toInput(values)),
  });
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: layer.data,
    form,
    toFormValues,
    save: (values) => saveMapLayer(id, toInput(values)),
    remove: deleteMapLayer,
    queryKey: ['map-layers'],
    texts: { created: 'layers.created', updated: 'layers.updated' },
    paths: { list: '/layers', record: (recordId) => `/layers/${recordId}` },
  });

  if (id !== null && layer.isPending) return <DelayedLoader />;
  if (id !== null && layer.isError) return <RecordLoadFailure query={layer} notFoundText={t('layers.notFound')} />;

  const { values } = form;
  const boxInput = (field: keyof TFormValues['boundingBox'], limit: number) => (
    <NumberInput
      label={t(`layers.fields.${field}`)}
      min={-limit}
      max={limit}
      decimalScale={6}
      {...form.getInputProps(`boundingBox.${field}`)}
    />
  );

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
          <TitledSection id="layer-identification" title={t('layers.sections.layer')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('layers.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
              <ColourInput
                label={t('layers.fields.color')}
                description={t('layers.help.color')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('color')}
              />
              <SvgIconField
                value={values.icon}
                onChange={(icon) => form.setFieldValue('icon', icon)}
                error={form.errors.icon}
                maxLength={LAYER_ICON_MAX_CHARS}
                color={values.color || null}
              />
              <Switch
                mt={{ sm: 28 }}
                label={t('layers.fields.showExtraLayers')}
                description={t('layers.help.showExtraLayers')}
                {...form.getInputProps('showExtraLayers', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </TitledSection>

          <TitledSection id="layer-source" title={t('layers.sections.source')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('layers.fields.type')}
                required
                allowDeselect={false}
                data={MAP_LAYER_TYPES.map((type) => ({ value: type, label: t(`layers.types.${type}`) }))}
                {...form.getInputProps('type')}
              />
              <Select
                label={t('layers.fields.tileSize')}
                allowDeselect={false}
                data={MAP_LAYER_TILE_SIZES.map((size) => ({ value: String(size), label: `${size} px` }))}
                {...form.getInputProps('tileSize')}
              />
              <NumberInput
                label={t('layers.fields.maxZoom')}
                placeholder={String(DEFAULT_LAYER_MAX_ZOOM)}
                min={0}
                max={24}
                allowDecimal={false}
                {...form.getInputProps('maxZoom')}
              />
            </SimpleGrid>
            <Textarea
              label={t('layers.fields.url')}
              required
              description={t(`layers.help.url.${values.type}`)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autosize
              minRows={2}
              maxRows={6}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              {...form.getInputProps('url')}
            />
            <TextInput
              label={t('layers.fields.attribution')}
              description={t('layers.help.attribution')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxLength={1000}
              {...form.getInputProps('attribution')}
            />
          </TitledSection>

          <TitledSection id="layer-appearance" title={t('layers.sections.appearance')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColourInput
                label={t('layers.fields.backgroundColor')}
                description={t('layers.help.backgroundColor')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('backgroundColor')}
              />
              <PictureField
                label={t('layers.fields.image')}
                description={t('layers.help.image')}
                error={form.errors.image}
                preview={
                  values.image ? (
                    <Box component="img" src={values.image} alt="" w={48} h={48} style={{ objectFit: 'cover' }} />
                  ) : (
                    <Box w={48} h={48} bg="var(--mantine-color-gray-2)" />
                  )
                }
                stateText={values.image ? t('layers.imageChosen') : t('layers.noImage')}
                accept="image/png,image/jpeg"
                uploadLabel={t('layers.uploadImage')}
                onFile={async (file) => {
                  const image = await readPictureFile(t, file, ['png', 'jpeg'], LAYER_IMAGE_MAX_CHARS);
                  if (image !== null) form.setFieldValue('image', image);
                }}
                remove={
                  values.image === ''
                    ? undefined
                    : { label: t('layers.removeImage'), onClear: () => form.setFieldValue('image', '') }
                }
              />
            </SimpleGrid>
            <Switch
              label={t('layers.fields.hasBoundingBox')}
              description={t('layers.help.boundingBox')}
              {...form.getInputProps('hasBoundingBox', { type: 'checkbox' })}
            />
            {values.hasBoundingBox && (
              <Input.Wrapper error={form.errors.boundingBox}>
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  {boxInput('minLatitude', 90)}
                  {boxInput('maxLatitude', 90)}
                  {boxInput('minLongitude', 180)}
                  {boxInput('maxLongitude', 180)}
                </SimpleGrid>
              </Input.Wrapper>
            )}
          </TitledSection>

          <TitledSection id="layer-preview" title={t('layers.sections.preview')}>
            <Text size="sm" c="dimmed">
              {t('layers.previewHelp')}
            </Text>
            <LayerPreview input={toInput(values)} />
          </TitledSection>

          <FormActions
            submitLabel={id === null ? t('layers.createLayer') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
