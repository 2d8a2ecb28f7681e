import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TInformationType } from '@mip/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';

/** Catalog keys of one information's card: its title, help, field, button and saved message. */
export interface TInformationTexts {
  title: string;
  help: string;
  field: string;
  publish: string;
  saved: string;
}

/** The editor of one text of the information service (GET/PUT /informations/). */
export function InformationEditor({ type, texts }: { type: TInformationType; texts: TInformationTexts }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const information = useQuery({
    queryKey: ['information', type, 'edit'],
    queryFn: () => api.get<{ content: string }>('informations/', { type }),
  });
  const form = useForm({ initialValues: { content: '' } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset only when fresh data arrives
  useEffect(() => {
    if (information.data) form.setValues({ content: information.data.content });
  }, [information.data]);

  const save = useMutation({
    mutationFn: (content: string) => api.put<{ content: string }>('informations/', { type, content }),
    onSuccess: async (saved) => {
      notify({ kind: 'success', title: t('common.success'), message: t(texts.saved) });
      // The server may have cleaned the text: show what is stored.
      form.setValues({ content: saved.content });
      await queryClient.invalidateQueries({ queryKey: ['information', type] });
    },
    onError: (error) => showServerError(t, error, form.setErrors),
  });

  return (
    <Card withBorder padding="lg" component="section">
      <form onSubmit={form.onSubmit((values) => save.mutate(values.content))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t(texts.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(texts.help)}
          </Text>
          <Textarea label={t(texts.field)} autosize minRows={3} maxLength={20_000} {...form.getInputProps('content')} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(texts.publish)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
