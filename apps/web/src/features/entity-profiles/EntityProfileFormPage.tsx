import { Card, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TEntityProfile, ZEntityProfileInput } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppPath } from '../../app/paths';
import { DelayedLoader } from '../../components/DelayedLoader';
import { deleteWithConfirmation } from '../../components/delete-record';
import { refuseInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { notify } from '../../components/notify';
import type { TOption } from '../../components/select/RemoteSelect';
import { showServerError } from '../../components/server-errors';
import { validateWithSchema } from '../auth/zod-form';
import { RoleMultiSelect } from '../roles/RoleMultiSelect';
import { deleteEntityProfile, saveEntityProfile, useEntityProfile } from './useEntityProfiles';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:entity-profiles';

interface TFormValues {
  name: string;
  description: string;
  roles: TOption[];
}

const toFormValues = (profile: TEntityProfile): TFormValues => ({
  name: profile.name,
  description: profile.description,
  roles: profile.roles,
});

const toInput = (values: TFormValues) => ({
  name: values.name,
  description: values.description,
  roleIds: values.roles.map((role) => role.id),
});

/** The API speaks of roleIds (and roleIds.2); the form's field is roles. */
function toFieldErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.startsWith('roleIds') ? 'roles' : path;
    result[field] ??= message;
  }
  return result;
}

/** Create (/entity-profile/create) or edit (/entity-profile/{id}) an entity profile. */
export default function EntityProfileFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const profile = useEntityProfile(id);

  const form = useForm<TFormValues>({
    initialValues: { name: '', description: '', roles: [] },
    validate: (values) => toFieldErrors(validateWithSchema(t, ZEntityProfileInput, toInput(values))),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the record arrives
  useEffect(() => {
    if (profile.data) {
      form.setInitialValues(toFormValues(profile.data));
      form.setValues(toFormValues(profile.data));
    }
  }, [profile.data]);

  const save = useMutation({
    mutationFn: (values: TFormValues) => saveEntityProfile(id, toInput(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['entity-profiles'] });
      notify({
        kind: 'success',
        title: t('common.success'),
        message: id === null ? t('entityProfiles.created', { name: saved.name }) : t('entityProfiles.updated'),
        about: SAVE,
      });
      if (id === null) navigate(appPath(`/entity-profile/${saved.id}`), { replace: true });
    },
    onError: (error) => showServerError(t, error, (errors) => form.setErrors(toFieldErrors(errors)), undefined, SAVE),
  });

  if (id !== null && profile.isPending) return <DelayedLoader />;
  if (id !== null && profile.isError)
    return <RecordLoadFailure query={profile} notFoundText={t('entityProfiles.notFound')} />;

  const handleDelete = async (record: TEntityProfile) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: record.name,
      remove: () => deleteEntityProfile(record.id),
    });
    if (!isDeleted) return;
    await queryClient.invalidateQueries({ queryKey: ['entity-profiles'] });
    navigate(appPath('/entity-profile'), { replace: true });
  };

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
      <Stack gap="md" maw={900}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('entityProfiles.fields.name')}
              required
              maxLength={100}
              {...form.getInputProps('name')}
            />
            <Textarea
              label={t('entityProfiles.fields.description')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('description')}
            />
            <RoleMultiSelect
              onlyGrantable
              label={t('entityProfiles.fields.roles')}
              description={t('entityProfiles.rolesHelp')}
              placeholder={form.values.roles.length === 0 ? t('entityProfiles.rolesPlaceholder') : undefined}
              value={form.values.roles}
              error={form.errors.roles}
              onChange={(roles) => form.setFieldValue('roles', roles)}
            />
            {profile.data && (
              <Text size="sm" c="dimmed" data-testid="profile-entities-count">
                {t('entityProfiles.entitiesCount', { count: profile.data.entitiesCount })}
              </Text>
            )}
          </Stack>
        </Card>
        <FormActions
          submitLabel={id === null ? t('entityProfiles.createButton') : t('common.save')}
          isSaving={save.isPending}
          onCancel={() => navigate(appPath('/entity-profile'))}
          onDelete={profile.data ? () => profile.data && void handleDelete(profile.data) : undefined}
        />
      </Stack>
    </form>
  );
}
