import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordInputFor } from '@mip/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { showServerError } from '../../components/server-errors';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useSession } from '../auth/session-store';
import { validateWithSchema } from '../auth/zod-form';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:password';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Spec 000 §5: the current password is required, the confirmation must match, the rule applies (and not the user's name or email). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const session = useSession();
  const owner = session ? { name: session.name, email: session.user.email } : undefined;
  const form = useForm({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(t, changePasswordInputFor(owner), values),
  });
  const save = useMutation({
    mutationFn: (values: typeof EMPTY) => api.put('auth/password', values),
    onSuccess: () => {
      form.setValues(EMPTY);
      notify({ kind: 'success', title: t('common.success'), message: t('password.changed'), about: SAVE });
    },
    onError: (error) => showServerError(t, error, form.setErrors, undefined, SAVE),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('oldPassword')}
        />
        <NewPasswordFields form={form} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('password.change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
