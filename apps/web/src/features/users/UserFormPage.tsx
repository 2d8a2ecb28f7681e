import { Alert, Card, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  LANGUAGES,
  type TUser,
  type TUserInput,
  USER_STATUSES,
  ZUserInput,
} from '@mip/shared';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppPath } from '../../app/paths';
import { canAccess } from '../../app/routes';
import { DelayedLoader } from '../../components/DelayedLoader';
import { refuseInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { timeZoneOptions } from '../../components/time-zones';
import { LANGUAGE_LABELS } from '../../i18n';
import { formatDateTime, LAST_LOGIN_FORMAT } from '../../lib/dates';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';
import { EntitySelect } from '../entities/EntitySelect';
import { RoleSelect } from '../roles/RoleSelect';
import { saveUser, useUser } from './useUsers';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:users';

interface TFormValues {
  name: string;
  email: string;
  entityId: number | null;
  roleId: number | null;
  language: string;
  timeZone: string;
  receiveNotifications: boolean;
  status: string;
}

function toFormValues(user: TUser): TFormValues {
  return {
    name: user.name,
    email: user.email,
    entityId: user.entity.id,
    roleId: user.role.id,
    language: user.language,
    timeZone: user.timeZone,
    receiveNotifications: user.receiveNotifications,
    status: user.status,
  };
}

/** Create (/user/create) or edit (/user/{id}) a user; read-only without WRITE_USER. */
export default function UserFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const navigate = useNavigate();
  const appPath = useAppPath();
  const session = useSession();
  const queryClient = useQueryClient();
  const user = useUser(id);
  const canWrite = canAccess({ all: ['WRITE_USER'] }, session);
  const zones = useMemo(() => timeZoneOptions(), []);

  const form = useForm<TFormValues>({
    initialValues: {
      name: '',
      email: '',
      entityId: null,
      roleId: null,
      language: DEFAULT_LANGUAGE,
      timeZone: DEFAULT_TIME_ZONE,
      receiveNotifications: true,
      status: 'ACTIVE',
    },
    validate: (values) => validateWithSchema(t, ZUserInput, values, 'users'),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the record arrives
  useEffect(() => {
    if (user.data) {
      form.setInitialValues(toFormValues(user.data));
      form.setValues(toFormValues(user.data));
    }
  }, [user.data]);

  const save = useMutation({
    mutationFn: (values: TFormValues) => saveUser(id, values as TUserInput),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      notify({
        kind: 'success',
        title: t('common.success'),
        message: id === null ? t('users.created', { email: saved.email }) : t('users.updated'),
        about: SAVE,
      });
      if (id === null) navigate(appPath(`/user/${saved.id}`), { replace: true });
    },
    onError: (error) => showServerError(t, error, form.setErrors, 'users', SAVE),
  });

  if (id !== null && user.isPending) return <DelayedLoader />;
  if (id !== null && user.isError) return <RecordLoadFailure query={user} notFoundText={t('users.notFound')} />;

  const isReadOnly = !canWrite;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
      <Stack gap="md" maw={900}>
        {user.data && !user.data.isActivated && (
          <Alert color="blue" icon={<IconMailForward size={18} />}>
            {t('users.activationPending')}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('users.fields.name')}
                required
                readOnly={isReadOnly}
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('users.fields.email')}
                type="email"
                required
                readOnly={isReadOnly}
                {...form.getInputProps('email')}
              />
              <EntitySelect
                label={t('users.fields.entity')}
                required
                readOnly={isReadOnly}
                clearable={false}
                value={form.values.entityId}
                error={form.errors.entityId}
                onChange={(entityId) => {
                  // A role allowed for one entity's profile may not be for another's.
                  form.setFieldValue('entityId', entityId);
                  if (entityId !== form.values.entityId) form.setFieldValue('roleId', null);
                }}
              />
              <RoleSelect
                label={t('users.fields.role')}
                required
                readOnly={isReadOnly}
                clearable={false}
                entityId={form.values.entityId}
                onlyGrantable
                disabled={!form.values.entityId}
                value={form.values.roleId}
                error={form.errors.roleId}
                onChange={(roleId) => form.setFieldValue('roleId', roleId)}
              />
              <Select
                label={t('users.fields.language')}
                required
                readOnly={isReadOnly}
                data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[language] }))}
                allowDeselect={false}
                {...form.getInputProps('language')}
              />
              <Select
                label={t('users.fields.timeZone')}
                required
                searchable
                readOnly={isReadOnly}
                data={zones}
                allowDeselect={false}
                {...form.getInputProps('timeZone')}
              />
            </SimpleGrid>
            <Switch
              label={t('users.fields.receiveNotifications')}
              disabled={isReadOnly}
              {...form.getInputProps('receiveNotifications', { type: 'checkbox' })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="user-status-label">
                {t('users.fields.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="user-status-label"
                disabled={isReadOnly}
                data={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
                {...form.getInputProps('status')}
              />
              {form.values.status === 'INACTIVE' && user.data?.status === 'ACTIVE' && (
                <Text size="xs" c="dimmed">
                  {t('users.deactivateHelp')}
                </Text>
              )}
            </Stack>
            {user.data && (
              <Text size="sm" c="dimmed">
                {user.data.lastLoginTimestamp
                  ? t('users.lastLoginAt', {
                      date: formatDateTime(user.data.lastLoginTimestamp, session?.timeZone, LAST_LOGIN_FORMAT),
                    })
                  : t('users.neverSignedIn')}
              </Text>
            )}
          </Stack>
        </Card>
        {canWrite && (
          <FormActions
            submitLabel={id === null ? t('users.createButton') : t('common.save')}
            isSaving={save.isPending}
            onCancel={() => navigate(appPath('/user'))}
          />
        )}
      </Stack>
    </form>
  );
}
