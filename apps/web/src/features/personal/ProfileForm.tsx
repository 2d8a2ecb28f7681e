import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LANGUAGES, type TProfile, type TProfileInput, ZProfileInput } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { refuseInvalidForm } from '../../components/form-error';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { timeZoneOptions } from '../../components/time-zones';
import { LANGUAGE_LABELS } from '../../i18n';
import { validateWithSchema } from '../auth/zod-form';
import { saveProfile } from './useProfile';

/** What this form's messages are about: its successful save replaces its refusal and its failed save. */
const SAVE = 'save:profile';

function toFormValues(profile: TProfile): TProfileInput {
  return {
    name: profile.name,
    language: profile.language,
    timeZone: profile.timeZone,
    receiveNotifications: profile.receiveNotifications,
  };
}

/**
 * The user's own name, language, time zone and notification choice (spec 001
 * /personal), checked with the user form's rules; once saved, the console
 * speaks the new language and shows times in the new zone straight away.
 */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zones = useMemo(() => timeZoneOptions(), []);
  const form = useForm<TProfileInput>({
    initialValues: toFormValues(profile),
    // The user form's own wording ("fill in the full name", spec 000 §5) for the same codes.
    validate: (values) => validateWithSchema(t, ZProfileInput, values, 'users'),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a newer record arrives
  useEffect(() => {
    form.setInitialValues(toFormValues(profile));
    form.setValues(toFormValues(profile));
  }, [profile]);

  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(['personal', 'profile'], saved);
      // Dates and names on other screens were drawn with the old zone and name.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'personal' });
      // Read after the language switched, so the message is in the new language.
      notify({ kind: 'success', title: t('common.success'), message: t('personal.form.saved'), about: SAVE });
    },
    onError: (error) => showServerError(t, error, form.setErrors, 'users', SAVE),
  });

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values), refuseInvalidForm(t, SAVE))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('personal.name')} required autoComplete="name" {...form.getInputProps('name')} />
          <Select
            label={t('personal.language')}
            required
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[language] }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
          <Select
            label={t('personal.timeZone')}
            description={t('personal.form.timeZoneHelp')}
            required
            searchable
            nothingFoundMessage={t('personal.form.noTimeZone')}
            data={zones}
            allowDeselect={false}
            maxDropdownHeight={280}
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>
        <Switch
          label={t('personal.form.receiveNotifications')}
          description={t('personal.form.receiveNotificationsHelp')}
          {...form.getInputProps('receiveNotifications', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('personal.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
