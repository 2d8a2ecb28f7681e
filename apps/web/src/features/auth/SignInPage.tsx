import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TAuthSession, ZLoginInput } from '@mip/shared';
import { IconAlertCircle, IconClockExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { STAFF_HOME_PATH, safeRedirectTarget } from '../../app/paths';
import { PasswordField } from '../../components/PasswordField';
import { errorText, toFormErrors } from '../../components/server-errors';
import { changeLanguage } from '../../i18n';
import { sessionStore, useSessionState } from './session-store';

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { sessionExpired } = useSessionState();
  const form = useForm({ initialValues: { email: '', password: '' } });

  const signIn = useMutation({
    mutationFn: (values: { email: string; password: string }) => api.post<TAuthSession>('auth/login', values),
    onSuccess: async (session) => {
      sessionStore.signIn(session);
      await changeLanguage(session.language);
      navigate(safeRedirectTarget(search.get('redirect')) ?? STAFF_HOME_PATH, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.hasErrors) form.setErrors(toFormErrors(t, error.errors));
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = ZLoginInput.safeParse(values);
    if (!parsed.success) {
      form.setErrors(
        toFormErrors(
          t,
          parsed.error.issues.map((issue) => ({ property: String(issue.path[0]), error: issue.message })),
        ),
      );
      return;
    }
    signIn.mutate(values);
  });

  const failure = signIn.error instanceof ApiError && !signIn.error.hasErrors ? signIn.error : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('auth.signInTitle')}
        </Title>
        {sessionExpired && !signIn.isPending && !failure && (
          <Alert color="yellow" icon={<IconClockExclamation size={18} />} data-testid="session-expired">
            {t('auth.sessionExpired')}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sign-in-error">
            {failure.status === -1 ? t('errors.NETWORK_ERROR') : errorText(t, failure.code)}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.signIn')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/auth/recovery">
            {t('auth.forgotPassword')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
