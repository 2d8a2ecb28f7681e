import {
  Anchor,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ALLOWED_SYSTEMS,
  APPLICATION_LOGO_MAX_CHARS,
  APPLICATION_TYPES,
  opensUrl,
  type TApplication,
  type TApplicationInput,
  type TApplicationType,
  type TMobilityGroupNode,
  verticalAppPath,
  ZApplicationInput,
} from '@mip/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ColourInput } from '../../components/ColourInput';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { PictureField, readPictureFile, toDataUrl } from '../../components/PictureField';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { EntityProfileSelect } from '../entity-profiles/EntityProfileSelect';
import { useMobilityGroupTree } from '../mobility-groups/useMobilityGroups';
import { ApplicationLogo } from './ApplicationLogo';
import { deleteApplication, saveApplication, useApplication } from './useApplications';

type TNumberValue = number | '';

interface TFormValues {
  name: string;
  description: string;
  type: TApplicationType;
  withAuth: boolean;
  logo: string;
  url: string;
  profileId: number | null;
  appTitle: string;
  defaultColor: string;
  baseMapUrl: string;
  baseMapAttribution: string;
  allowedSystems: string[];
  allowedGroups: string[];
  centreLat: TNumberValue;
  centreLng: TNumberValue;
  mapZoom: TNumberValue;
}

const EMPTY: TFormValues = {
  name: '',
  description: '',
  type: 'VERTICAL_APP_BASED',
  withAuth: false,
  logo: '',
  url: '',
  profileId: null,
  appTitle: '',
  defaultColor: '',
  baseMapUrl: '',
  baseMapAttribution: '',
  allowedSystems: [...ALLOWED_SYSTEMS],
  allowedGroups: [],
  centreLat: '',
  centreLng: '',
  mapZoom: '',
};

function toFormValues(application: TApplication): TFormValues {
  const settings = application.settings;
  return {
    name: application.name,
    description: application.description,
    type: application.type,
    withAuth: application.withAuth,
    logo: application.logo ?? '',
    url: application.configs.url ?? '',
    profileId: application.profile?.id ?? null,
    appTitle: settings?.appTitle ?? '',
    defaultColor: settings?.defaultColor ?? '',
    baseMapUrl: settings?.baseMapUrl ?? '',
    baseMapAttribution: settings?.baseMapAttribution ?? '',
    allowedSystems: settings?.allowedSystems ?? [...ALLOWED_SYSTEMS],
    allowedGroups: (settings?.allowedGroups ?? []).map(String),
    centreLat: settings?.mapCenter?.lat ?? '',
    centreLng: settings?.mapCenter?.lng ?? '',
    mapZoom: settings?.mapZoom ?? '',
  };
}

/** The values as the API takes them (the same shape the shared schema checks). */
function toInput(values: TFormValues): TApplicationInput {
  const hasCentre = values.centreLat !== '' || values.centreLng !== '';
  return {
    name: values.name,
    description: values.description,
    type: values.type,
    withAuth: values.withAuth,
    logo: values.logo,
    url: values.url,
    profileId: values.profileId,
    settings:
      values.type === 'VERTICAL_APP_BASED'
        ? {
            appTitle: values.appTitle,
            defaultColor: values.defaultColor,
            baseMapUrl: values.baseMapUrl,
            baseMapAttribution: values.baseMapAttribution,
            allowedSystems: values.allowedSystems as (typeof ALLOWED_SYSTEMS)[number][],
            allowedGroups: values.allowedGroups.map(Number),
            // Half a centre is sent as it is, so the schema names the missing half.
            mapCenter: hasCentre
              ? ({ lat: values.centreLat, lng: values.centreLng } as { lat: number; lng: number })
              : null,
            mapZoom: values.mapZoom === '' ? null : values.mapZoom,
          }
        : null,
  };
}

/** Every group of the tree, its path in the label, so a subgroup reads "Metro › Linha A". */
function groupOptions(nodes: TMobilityGroupNode[], prefix = ''): { value: string; label: string }[] {
  return nodes.flatMap((node) => {
    const label = prefix ? `${prefix} › ${node.name}` : node.name;
    return [{ value: String(node.id), label }, ...groupOptions(node.subgroups, label)];
  });
}

/** Create (/apps/create) or edit (/apps/{id}) an application of the portal. */
export default function ApplicationFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const application = useApplication(id);
  const tree = useMobilityGroupTree();
  const groups = useMemo(() => groupOptions(tree.data ?? []), [tree.data]);

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(t, ZApplicationInput, toInput(values), 'applications'),
  });
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: application.data,
    form,
    toFormValues,
    save: (values) => saveApplication(id, toInput(values)),
    remove: deleteApplication,
    queryKey: ['applications'],
    texts: { created: 'applications.created', updated: 'applications.updated' },
    paths: { list: '/apps', record: (recordId) => `/apps/${recordId}` },
    errorScope: 'applications',
  });

  if (id !== null && application.isPending) return <DelayedLoader />;
  if (id !== null && application.isError)
    return <RecordLoadFailure query={application} notFoundText={t('applications.notFound')} />;

  const { values } = form;
  const isVertical = values.type === 'VERTICAL_APP_BASED';
  // Errors on the settings come back as settings.<field>; the form's fields are flat.
  const settingsError = (field: string) => form.errors[`settings.${field}`] ?? form.errors[field];

  const handleLogo = async (file: File) => {
    const picture = await readPictureFile(t, file, ['png', 'jpeg', 'svg'], APPLICATION_LOGO_MAX_CHARS);
    if (picture === null) return;
    const logo = picture.startsWith('data:') ? picture : toDataUrl(new TextEncoder().encode(picture), 'image/svg+xml');
    form.setFieldValue('logo', logo);
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
          <TitledSection id="application-identification" title={t('applications.sections.application')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('applications.fields.name')}
                required
                maxLength={200}
                {...form.getInputProps('name')}
              />
              <Select
                label={t('applications.fields.type')}
                required
                allowDeselect={false}
                data={APPLICATION_TYPES.map((type) => ({ value: type, label: t(`applications.types.${type}`) }))}
                description={t(`applications.help.type.${values.type}`)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('type')}
              />
            </SimpleGrid>
            <Textarea
              label={t('applications.fields.description')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={1000}
              {...form.getInputProps('description')}
            />
            {opensUrl(values.type) ? (
              <TextInput
                label={t('applications.fields.url')}
                required
                placeholder="https://"
                description={t('applications.help.url')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={2000}
                {...form.getInputProps('url')}
              />
            ) : (
              id !== null && (
                <Text size="sm">
                  {t('applications.openAt')}{' '}
                  <Anchor href={verticalAppPath(id)} target="_blank" rel="noopener" inherit>
                    {verticalAppPath(id)} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
                  </Anchor>
                </Text>
              )
            )}
            <PictureField
              label={t('applications.fields.logo')}
              description={t('applications.help.logo')}
              error={form.errors.logo}
              preview={<ApplicationLogo logo={values.logo || null} size={48} />}
              stateText={values.logo ? t('applications.logoChosen') : t('applications.noLogo')}
              accept="image/png,image/jpeg,image/svg+xml"
              uploadLabel={t('applications.uploadLogo')}
              onFile={(file) => void handleLogo(file)}
              remove={
                values.logo === ''
                  ? undefined
                  : { label: t('applications.removeLogo'), onClear: () => form.setFieldValue('logo', '') }
              }
            />
          </TitledSection>

          <TitledSection id="application-access" title={t('applications.sections.access')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Switch
                mt={{ sm: 28 }}
                label={t('applications.fields.withAuth')}
                description={t('applications.help.withAuth')}
                {...form.getInputProps('withAuth', { type: 'checkbox' })}
              />
              <EntityProfileSelect
                label={t('applications.fields.profile')}
                description={t('applications.help.profile')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('applications.everyProfile')}
                clearable
                value={values.profileId}
                onChange={(profileId) => form.setFieldValue('profileId', profileId)}
                error={form.errors.profileId}
              />
            </SimpleGrid>
          </TitledSection>

          {isVertical && (
            <TitledSection id="application-look" title={t('applications.sections.look')}>
              <Text size="sm" c="dimmed">
                {t('applications.help.inherit')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('applications.fields.appTitle')}
                  maxLength={200}
                  {...form.getInputProps('appTitle')}
                  error={settingsError('appTitle')}
                />
                <ColourInput
                  label={t('applications.fields.defaultColor')}
                  {...form.getInputProps('defaultColor')}
                  error={settingsError('defaultColor')}
                />
                <TextInput
                  label={t('applications.fields.baseMapUrl')}
                  description={t('applications.help.baseMapUrl')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder="https://"
                  maxLength={2000}
                  {...form.getInputProps('baseMapUrl')}
                  error={settingsError('baseMapUrl')}
                />
                <TextInput
                  label={t('applications.fields.baseMapAttribution')}
                  maxLength={1000}
                  {...form.getInputProps('baseMapAttribution')}
                  error={settingsError('baseMapAttribution')}
                />
              </SimpleGrid>
            </TitledSection>
          )}

          {isVertical && (
            <TitledSection id="application-map" title={t('applications.sections.map')}>
              <Checkbox.Group
                label={t('applications.fields.allowedSystems')}
                description={t('applications.help.allowedSystems')}
                {...form.getInputProps('allowedSystems')}
                error={settingsError('allowedSystems')}
              >
                <Group mt="xs">
                  {ALLOWED_SYSTEMS.map((kind) => (
                    <Checkbox key={kind} value={kind} label={t(`applications.kinds.${kind}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <MultiSelect
                label={t('applications.fields.allowedGroups')}
                description={t('applications.help.allowedGroups')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={values.allowedGroups.length === 0 ? t('applications.everyGroup') : undefined}
                data={groups}
                searchable
                clearable
                nothingFoundMessage={t('table.noResults')}
                {...form.getInputProps('allowedGroups')}
                error={settingsError('allowedGroups')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NumberInput
                  label={t('applications.fields.centreLat')}
                  min={-90}
                  max={90}
                  decimalScale={6}
                  {...form.getInputProps('centreLat')}
                  error={settingsError('mapCenter.lat') ?? settingsError('mapCenter')}
                />
                <NumberInput
                  label={t('applications.fields.centreLng')}
                  min={-180}
                  max={180}
                  decimalScale={6}
                  {...form.getInputProps('centreLng')}
                  error={settingsError('mapCenter.lng')}
                />
                <NumberInput
                  label={t('applications.fields.mapZoom')}
                  min={0}
                  max={20}
                  allowDecimal={false}
                  {...form.getInputProps('mapZoom')}
                  error={settingsError('mapZoom')}
                />
              </SimpleGrid>
            </TitledSection>
          )}

          <FormActions
            submitLabel={id === null ? t('applications.createApplication') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
    </Stack>
  );
}
