import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZRecoveryInput } from '@mip/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { showServerError, toFormErrors } from '../../components/server-errors';

/** Asks for a reset link; the answer is the same whether the email has an account or not. */
export default function RecoveryPage() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: '' } });
  const recovery = useMutation({
    mutationFn: (email: string) => api.post('auth/recovery', { email }),
    onError: (error) => showServerError(t, error, form.setErrors),
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = ZRecoveryInput.safeParse(values);
    if (!parsed.success) {
      form.setErrors(
        toFormErrors(
          t,
          parsed.error.issues.map((i) => ({ property: 'email', error: i.message })),
        ),
      );
      return;
    }
    recovery.mutate(parsed.data.email);
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('auth.recoveryTitle')}
      </Title>
      {recovery.isSuccess ? (
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status" data-testid="recovery-sent">
          {t('auth.recoverySent')}
        </Alert>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('auth.recoveryHelp')}
            </Text>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={recovery.isPending} fullWidth>
              {t('auth.sendRecovery')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth">
          {t('auth.backToSignIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
