import { Box, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_SPRITE_SIZE,
  SPRITE_NAME_MAX,
  SPRITE_SIZE_MAX,
  SPRITE_SIZE_MIN,
  SPRITE_SVG_MAX_CHARS,
  type TSpriteIcon,
  ZSpriteIconInput,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { PictureField, readPictureFile } from '../../components/PictureField';
import { svgDataUrl } from '../../components/svg-icon';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { deleteSprite, saveSprite, useSprite } from './useSprites';

interface TFormValues {
  name: string;
  svg: string;
  size: number | '';
}

const toInput = (values: TFormValues) => ({ ...values, size: values.size === '' ? DEFAULT_SPRITE_SIZE : values.size });

/** /sprite/{id}: rename an icon, change its size on the map, or replace its drawing. */
export default function SpriteFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const icon = useSprite(id);
  const form = useForm<TFormValues>({
    initialValues: { name: '', svg: '', size: DEFAULT_SPRITE_SIZE },
    validate: (values) => validateWithSchema(t, ZSpriteIconInput, toInput(values)),
  });
  // Icons are created by upload on the list; this screen only edits one.
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: icon.data,
    form,
    toFormValues: (record: TSpriteIcon) => ({ name: record.name, svg: record.svg, size: record.size }),
    save: (values) => saveSprite(id, toInput(values)),
    remove: deleteSprite,
    queryKey: ['sprites'],
    texts: { created: 'sprites.updated', updated: 'sprites.updated' },
    paths: { list: '/sprite', record: (recordId) => `/sprite/${recordId}` },
  });

  const handleFile = async (file: File) => {
    const svg = await readPictureFile(t, file, ['svg'], SPRITE_SVG_MAX_CHARS);
    if (svg !== null) form.setFieldValue('svg', svg);
  };

  if (id === null || icon.isError) return <RecordLoadFailure query={icon} notFoundText={t('sprites.notFound')} />;
  if (icon.isPending) return <DelayedLoader />;

  const size = form.values.size === '' ? DEFAULT_SPRITE_SIZE : form.values.size;
  return (
    <Stack gap="lg" maw={820}>
      <form
        onSubmit={form.onSubmit(
          (values) => saving.mutate(values),
          () => notifyInvalidForm(t),
        )}
        noValidate
      >
        <Stack gap="md">
          <TitledSection id="sprite-icon-title" title={t('sprites.iconTitle')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('sprites.fields.name')}
                description={t('sprites.help.name')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                maxLength={SPRITE_NAME_MAX}
                {...form.getInputProps('name')}
              />
              <NumberInput
                label={t('sprites.fields.size')}
                description={t('sprites.help.size')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                min={SPRITE_SIZE_MIN}
                max={SPRITE_SIZE_MAX}
                allowDecimal={false}
                suffix=" px"
                {...form.getInputProps('size')}
              />
            </SimpleGrid>
            <PictureField
              label={t('sprites.fields.svg')}
              description={t('sprites.help.svg')}
              error={form.errors.svg}
              preview={<Box component="img" src={svgDataUrl(form.values.svg)} alt="" w={32} h={32} />}
              stateText={t('sprites.replaceHint')}
              accept="image/svg+xml,.svg"
              uploadLabel={t('sprites.replaceSvg')}
              onFile={(file) => void handleFile(file)}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('sprites.onTheMap')}
              </Text>
              {/* As the map draws it at 1× and on a high-density screen (2×). */}
              <Group gap="lg" align="flex-end">
                {[1, 2].map((ratio) => (
                  <Stack key={ratio} gap={4} align="center">
                    <img
                      src={svgDataUrl(form.values.svg)}
                      alt=""
                      style={{ maxWidth: size * ratio, maxHeight: size * ratio }}
                      width={size * ratio}
                    />
                    <Text size="xs" c="dimmed">
                      {ratio}×
                    </Text>
                  </Stack>
                ))}
              </Group>
            </div>
          </TitledSection>
          <FormActions
            submitLabel={t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
