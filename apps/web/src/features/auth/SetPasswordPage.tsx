import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setPasswordInputFor } from '@mip/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { DelayedLoader } from '../../components/DelayedLoader';
import { showServerError } from '../../components/server-errors';
import { NewPasswordFields } from './NewPasswordFields';
import { validateWithSchema } from './zod-form';

/**
 * The screen an emailed link opens: reset a forgotten password, or choose
 * the first one (activate mode). The link is checked before anything is typed.
 */
export function SetPasswordPage({ mode }: { mode: 'reset' | 'activate' }) {
  const { t } = useTranslation();
  const { id = '', token = '' } = useParams();
  const link = useQuery({
    queryKey: ['account-token', mode, id, token],
    queryFn: () =>
      api.get<{ valid: boolean; email: string | null; name: string | null }>(`auth/${mode}/${id}/${token}`),
  });
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    // Whose link it is: the form refuses their name and email in the password, as the server does.
    validate: (values) => validateWithSchema(t, setPasswordInputFor(link.data ?? undefined), values),
  });
  const save = useMutation({
    mutationFn: (values: { newPassword: string; confirmPassword: string }) =>
      api.post(`auth/${mode}/${id}/${token}`, values),
    onError: (error) => showServerError(t, error, form.setErrors),
  });
  const title = mode === 'reset' ? t('auth.resetTitle') : t('auth.activateTitle');

  if (link.isPending) return <DelayedLoader />;
  if (save.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="password-set">
          {mode === 'reset' ? t('auth.resetDone') : t('auth.activateDone')}
        </Alert>
        <Button component={Link} to="/auth" fullWidth>
          {t('auth.signIn')}
        </Button>
      </Stack>
    );
  }
  if (link.isError || !link.data?.valid) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('errors.INVALID_TOKEN')}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/auth/recovery">
            {t('auth.askNewLink')}
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('auth.setPasswordFor', { email: link.data.email })}
        </Text>
        <NewPasswordFields form={form} />
        <Button type="submit" loading={save.isPending} fullWidth>
          {t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}
