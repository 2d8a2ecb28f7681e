import { Alert, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TEntity, type TEntityInput, ZEntityInput } from '@mip/shared';
import { IconEye } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { DelayedLoader } from '../../components/DelayedLoader';
import { deleteWithConfirmation } from '../../components/delete-record';
import { refuseInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { notify } from '../../components/notify';
import { errorText, showServerError } from '../../components/server-errors';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { EntityProfileSelect } from '../entity-profiles/EntityProfileSelect';
import { ActiveBadge } from './ActiveBadge';
import { EntityLink } from './EntityLink';
import { EntityChildrenTable, EntityUsersTable } from './EntityRelatedTables';
import { EntitySelect } from './EntitySelect';
import { deleteEntity, saveEntity, useCounties, useDistricts, useEntity, useParishes } from './useEntities';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:entities';

interface TFormValues {
  name: string;
  vatNumber: string;
  profileId: number | null;
  parentId: number | null;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  districtId: string | null;
  countyId: string | null;
  parishId: string | null;
  active: boolean;
}

/** Help under the input keeps the inputs of one row aligned, with or without help. */
const HELP_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const EMPTY: TFormValues = {
  name: '',
  vatNumber: '',
  profileId: null,
  parentId: null,
  email: '',
  phone: '',
  address: '',
  postalCode: '',
  districtId: null,
  countyId: null,
  parishId: null,
  active: true,
};

function toFormValues(entity: TEntity): TFormValues {
  return {
    name: entity.name,
    vatNumber: entity.vatNumber ?? '',
    profileId: entity.profile?.id ?? null,
    parentId: entity.parent?.id ?? null,
    email: entity.email ?? '',
    phone: entity.phone ?? '',
    address: entity.address ?? '',
    postalCode: entity.postalCode ?? '',
    districtId: entity.districtId,
    countyId: entity.countyId,
    parishId: entity.parishId,
    active: entity.active,
  };
}

/** Create (/entity/create) or edit (/entity/{id}) an entity; read-only without WRITE_ENTITY. */
export default function EntityFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const entity = useEntity(id);
  const canWrite = canAccess({ all: ['WRITE_ENTITY'] }, session);

  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validateWithSchema(t, ZEntityInput, values);
      // The server also refuses a descendant; the entity itself is caught here already.
      if (id !== null && values.parentId === id) errors.parentId ??= errorText(t, 'INVALID_PARENT');
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the record arrives
  useEffect(() => {
    if (entity.data) {
      form.setInitialValues(toFormValues(entity.data));
      form.setValues(toFormValues(entity.data));
    }
  }, [entity.data]);

  const save = useMutation({
    mutationFn: (values: TFormValues) => saveEntity(id, values as TEntityInput),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['entities'] });
      notify({
        kind: 'success',
        title: t('common.success'),
        message: id === null ? t('entities.created', { name: saved.name }) : t('entities.updated'),
        about: SAVE,
      });
      if (id === null) navigate(appPath(`/entity/${saved.id}`), { replace: true });
    },
    onError: (error) => showServerError(t, error, form.setErrors, undefined, SAVE),
  });

  if (id !== null && entity.isPending) return <DelayedLoader />;
  if (id !== null && entity.isError) return <RecordLoadFailure query={entity} notFoundText={t('entities.notFound')} />;

  const isReadOnly = !canWrite;
  const storedParent = entity.data?.parent ?? null;
  const handleDelete = async (record: TEntity) => {
    const isDeleted = await deleteWithConfirmation(t, { name: record.name, remove: () => deleteEntity(record.id) });
    if (!isDeleted) return;
    await queryClient.invalidateQueries({ queryKey: ['entities'] });
    navigate(appPath('/entity'), { replace: true });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
        <Stack gap="md">
          {isReadOnly && (
            <Alert color="blue" icon={<IconEye size={18} />}>
              {t('entities.readOnly')}
            </Alert>
          )}
          <Card withBorder padding="lg" component="section" aria-labelledby="entity-identification">
            <Stack gap="md">
              <Title order={2} size="h4" id="entity-identification">
                {t('entities.sections.identification')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('entities.fields.name')}
                  required={!isReadOnly}
                  readOnly={isReadOnly}
                  maxLength={200}
                  {...form.getInputProps('name')}
                />
                <TextInput
                  label={t('entities.fields.vatNumber')}
                  description={isReadOnly ? undefined : t('entities.help.vatNumber')}
                  inputWrapperOrder={HELP_BELOW}
                  inputMode="numeric"
                  autoComplete="off"
                  readOnly={isReadOnly}
                  maxLength={20}
                  {...form.getInputProps('vatNumber')}
                />
                {isReadOnly ? (
                  // Read-only: the names come with the record, even a parent outside the user's scope.
                  <>
                    <TextInput label={t('entities.fields.profile')} readOnly value={entity.data?.profile?.name ?? ''} />
                    <TextInput
                      label={t('entities.fields.parent')}
                      readOnly
                      value={entity.data?.parent?.name ?? t('entities.noParent')}
                    />
                  </>
                ) : (
                  <>
                    <EntityProfileSelect
                      label={t('entities.fields.profile')}
                      required
                      clearable={false}
                      value={form.values.profileId}
                      error={form.errors.profileId}
                      onChange={(profileId) => form.setFieldValue('profileId', profileId)}
                    />
                    <EntitySelect
                      label={t('entities.fields.parent')}
                      description={t('entities.help.parent')}
                      inputWrapperOrder={HELP_BELOW}
                      // A stored parent outside the user's scope is not among the options: say its name anyway.
                      placeholder={
                        storedParent && form.values.parentId === storedParent.id
                          ? storedParent.name
                          : t('entities.noParent')
                      }
                      value={form.values.parentId}
                      error={form.errors.parentId}
                      onChange={(parentId) => form.setFieldValue('parentId', parentId)}
                    />
                  </>
                )}
              </SimpleGrid>
              {isReadOnly ? (
                <Group gap="sm">
                  <Text size="sm" fw={500}>
                    {t('entities.fields.status')}
                  </Text>
                  <ActiveBadge active={form.values.active} />
                </Group>
              ) : (
                <Switch label={t('entities.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
              )}
            </Stack>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="entity-contacts">
            <Stack gap="md">
              <Title order={2} size="h4" id="entity-contacts">
                {t('entities.sections.contacts')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('entities.fields.email')}
                  type="email"
                  readOnly={isReadOnly}
                  maxLength={254}
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label={t('entities.fields.phone')}
                  type="tel"
                  readOnly={isReadOnly}
                  maxLength={20}
                  {...form.getInputProps('phone')}
                />
              </SimpleGrid>
              <TextInput
                label={t('entities.fields.address')}
                readOnly={isReadOnly}
                maxLength={300}
                {...form.getInputProps('address')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput
                  label={t('entities.fields.postalCode')}
                  description={isReadOnly ? undefined : t('entities.help.postalCode')}
                  inputWrapperOrder={HELP_BELOW}
                  placeholder={isReadOnly ? undefined : '1234-567'}
                  readOnly={isReadOnly}
                  maxLength={8}
                  {...form.getInputProps('postalCode')}
                />
                <PlaceSelects
                  values={form.values}
                  errors={form.errors}
                  isReadOnly={isReadOnly}
                  onChange={(patch) => form.setValues(patch)}
                />
              </SimpleGrid>
            </Stack>
          </Card>
          {entity.data && <RecordFacts entity={entity.data} timeZone={session?.timeZone} />}
          {canWrite && (
            <FormActions
              submitLabel={id === null ? t('entities.createButton') : t('common.save')}
              isSaving={save.isPending}
              onCancel={() => navigate(appPath('/entity'))}
              onDelete={
                entity.data && entity.data.id !== session?.entity.id
                  ? () => entity.data && void handleDelete(entity.data)
                  : undefined
              }
            />
          )}
        </Stack>
      </form>
      {id !== null && <EntityChildrenTable entityId={id} />}
      {id !== null && <EntityUsersTable entityId={id} />}
    </Stack>
  );
}

/** District → county → parish: each list follows the one before it, and changing one clears those after it. */
function PlaceSelects({
  values,
  errors,
  isReadOnly,
  onChange,
}: {
  values: Pick<TFormValues, 'districtId' | 'countyId' | 'parishId'>;
  errors: Record<string, React.ReactNode>;
  isReadOnly: boolean;
  onChange: (patch: Partial<TFormValues>) => void;
}) {
  const { t } = useTranslation();
  const districts = useDistricts();
  const counties = useCounties(values.districtId);
  const parishes = useParishes(values.countyId);
  const toData = (items: { id: string; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  return (
    <>
      <Select
        label={t('entities.fields.district')}
        searchable
        clearable
        readOnly={isReadOnly}
        data={toData(districts.data)}
        value={values.districtId}
        error={errors.districtId}
        nothingFoundMessage={t('table.noResults')}
        onChange={(districtId) => {
          if (districtId !== values.districtId) onChange({ districtId, countyId: null, parishId: null });
        }}
      />
      <Select
        label={t('entities.fields.county')}
        description={!isReadOnly && !values.districtId ? t('entities.help.county') : undefined}
        inputWrapperOrder={HELP_BELOW}
        searchable
        clearable
        readOnly={isReadOnly}
        disabled={!values.districtId}
        data={toData(counties.data)}
        value={values.countyId}
        error={errors.countyId}
        nothingFoundMessage={t('table.noResults')}
        onChange={(countyId) => {
          if (countyId !== values.countyId) onChange({ countyId, parishId: null });
        }}
      />
      <Select
        label={t('entities.fields.parish')}
        description={!isReadOnly && !values.countyId ? t('entities.help.parish') : undefined}
        inputWrapperOrder={HELP_BELOW}
        searchable
        clearable
        readOnly={isReadOnly}
        disabled={!values.countyId}
        data={toData(parishes.data)}
        value={values.parishId}
        error={errors.parishId}
        nothingFoundMessage={t('table.noResults')}
        onChange={(parishId) => onChange({ parishId })}
      />
    </>
  );
}

function RecordFacts({ entity, timeZone }: { entity: TEntity; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const facts = [
    t('entities.createdAt', { date: formatDateTime(entity.createdAt, timeZone) }),
    t('entities.updatedAt', { date: formatDateTime(entity.updatedAt, timeZone) }),
    t('entities.childrenCount', { count: entity.childrenCount }),
    t('entities.usersCount', { count: entity.usersCount }),
  ];
  return (
    <Stack gap={4}>
      {entity.parent && (
        <Text size="sm">
          {t('entities.parentIs')} <EntityLink entity={entity.parent} />
        </Text>
      )}
      <Text size="sm" c="dimmed" data-testid="entity-facts">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}
