import { Alert, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { canGrant, type TRole, ZRoleInput } from '@mip/shared';
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
import { showServerError } from '../../components/server-errors';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { PermissionPicker, PermissionSummary } from './PermissionPicker';
import { deleteRole, saveRole, useRole } from './useRoles';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:roles';

interface TFormValues {
  name: string;
  description: string;
  permissions: string[];
}

const toFormValues = (role: TRole): TFormValues => ({
  name: role.name,
  description: role.description,
  permissions: role.permissions,
});

/** Errors on one permission ("permissions.3") belong to the permissions field as a whole. */
function toFieldErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.startsWith('permissions') ? 'permissions' : path;
    result[field] ??= message;
  }
  return result;
}

/** Create (/role/create) or edit (/role/{id}) a role; read-only without WRITE_ROLE. */
export default function RoleFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const role = useRole(id);
  const canWrite = canAccess({ all: ['WRITE_ROLE'] }, session);

  const form = useForm<TFormValues>({
    initialValues: { name: '', description: '', permissions: [] },
    validate: (values) => toFieldErrors(validateWithSchema(t, ZRoleInput, values)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the record arrives
  useEffect(() => {
    if (role.data) {
      form.setInitialValues(toFormValues(role.data));
      form.setValues(toFormValues(role.data));
    }
  }, [role.data]);

  const save = useMutation({
    mutationFn: (values: TFormValues) => saveRole(id, values),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      notify({
        kind: 'success',
        title: t('common.success'),
        message: id === null ? t('roles.created', { name: saved.name }) : t('roles.updated'),
        about: SAVE,
      });
      if (id === null) navigate(appPath(`/role/${saved.id}`), { replace: true });
    },
    onError: (error) => showServerError(t, error, (errors) => form.setErrors(toFieldErrors(errors)), undefined, SAVE),
  });

  if (id !== null && role.isPending) return <DelayedLoader />;
  if (id !== null && role.isError) return <RecordLoadFailure query={role} notFoundText={t('roles.notFound')} />;

  const isReadOnly = !canWrite;
  const handleDelete = async (record: TRole) => {
    const isDeleted = await deleteWithConfirmation(t, { name: record.name, remove: () => deleteRole(record.id) });
    if (!isDeleted) return;
    await queryClient.invalidateQueries({ queryKey: ['roles'] });
    navigate(appPath('/role'), { replace: true });
  };

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
      <Stack gap="md" maw={1100}>
        {isReadOnly && (
          <Alert color="blue" icon={<IconEye size={18} />}>
            {t('roles.readOnly')}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('roles.fields.name')}
              required={!isReadOnly}
              readOnly={isReadOnly}
              maxLength={100}
              {...form.getInputProps('name')}
            />
            <Textarea
              label={t('roles.fields.description')}
              readOnly={isReadOnly}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('description')}
            />
            {role.data && (
              <Text size="sm" c="dimmed" data-testid="role-users-count">
                {t('roles.usersCount', { count: role.data.usersCount })}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="role-permissions-title">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4" id="role-permissions-title">
                {t('roles.fields.permissions')}
              </Title>
              {!isReadOnly && (
                <Text size="sm" c="dimmed">
                  {t('roles.permissionsHelp')}
                </Text>
              )}
            </div>
            {isReadOnly ? (
              <PermissionSummary value={form.values.permissions} />
            ) : (
              <PermissionPicker
                value={form.values.permissions}
                onChange={(permissions) => form.setFieldValue('permissions', permissions)}
                canGrant={(permission) => canGrant(session, [permission])}
                error={form.errors.permissions}
              />
            )}
          </Stack>
        </Card>
        {canWrite && (
          <FormActions
            submitLabel={id === null ? t('roles.createButton') : t('common.save')}
            isSaving={save.isPending}
            onCancel={() => navigate(appPath('/role'))}
            onDelete={
              role.data && role.data.id !== session?.role.id
                ? () => role.data && void handleDelete(role.data)
                : undefined
            }
          />
        )}
      </Stack>
    </form>
  );
}
