import { Autocomplete, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type THelpArticle, type THelpArticleInput, type TLanguage, ZHelpArticleInput } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { scrollToFirstError } from '../../components/form-error';
import { notify } from '../../components/notify';
import { showServerError, toFormErrors } from '../../components/server-errors';
import { validateWithSchema } from '../auth/zod-form';
import { HelpEditor } from './HelpEditor';
import { HELP_QUERY_KEY, saveHelpArticle } from './useHelp';

/** Spec 001 §5: the help form's own wording of its error toast. */
function notifyHelpFormError(t: TFunction) {
  notify({ kind: 'error', title: t('help.formError.title'), message: t('help.formError.message') });
}

/** Spec 001 §2: title, category and rich-text contents of the article of one page in one language. */
export function HelpArticleForm({
  language,
  url,
  article,
  categories,
  onSaved,
  onCancel,
}: {
  language: TLanguage;
  url: string;
  /** Null while the page's article is being created. */
  article: THelpArticle | null;
  /** The index's categories, offered as the user types. */
  categories: string[];
  onSaved: (article: THelpArticle) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<THelpArticleInput>({
    initialValues: {
      title: article?.title ?? '',
      category: article?.category ?? '',
      contents: article?.contents ?? '',
    },
    validate: (values) => validateWithSchema(t, ZHelpArticleInput, values, 'help'),
  });

  const showFieldErrors = () => {
    notifyHelpFormError(t);
    scrollToFirstError(formRef.current);
  };

  const saving = useMutation({
    mutationFn: (input: THelpArticleInput) => saveHelpArticle(language, url, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...HELP_QUERY_KEY, 'article', language, url], saved);
      await queryClient.invalidateQueries({ queryKey: [...HELP_QUERY_KEY, 'list'] });
      notify({ kind: 'success', title: t('common.success'), message: t('help.saved') });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.hasErrors) {
        form.setErrors(toFormErrors(t, error.errors, 'help'));
        showFieldErrors();
      } else showServerError(t, error);
    },
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit((values) => saving.mutate(values), showFieldErrors)}
      aria-label={t(article ? 'help.editTitle' : 'help.createTitle')}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t(article ? 'help.editTitle' : 'help.createTitle')}
        </Title>
        <TextInput label={t('help.fields.title')} withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Autocomplete
          label={t('help.fields.category')}
          description={t('help.fields.categoryHint')}
          withAsterisk
          data={categories}
          {...form.getInputProps('category')}
        />
        <HelpEditor
          initialHtml={form.getInitialValues().contents}
          onChange={(html) => form.setFieldValue('contents', html)}
          error={form.errors.contents}
        />
        <Group>
          <Button type="submit" loading={saving.isPending}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
