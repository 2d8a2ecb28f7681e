import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField';

/** New password and its confirmation, with the rule spelled out before anyone gets it wrong. */
export function NewPasswordFields<T extends { newPassword: string; confirmPassword: string }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('password.new')}
        autoComplete="new-password"
        required
        description={t('password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        {...form.getInputProps('newPassword')}
      />
      <PasswordField
        label={t('password.confirm')}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
