import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppPath } from '../../app/paths';
import { deleteWithConfirmation } from '../delete-record';
import { refuseInvalidForm } from '../form-error';
import { notify } from '../notify';
import { showServerError } from '../server-errors';

interface TNamedRecord {
  id: number;
  name: string;
}

/**
 * What every create-or-edit screen of a named record does: fill the form when
 * the record arrives, save it (telling the user, and moving a new record to
 * its own address) or take the user to the first field in error, and delete
 * it with confirmation back to the list.
 */
export function useRecordForm<TValues, TRecord extends TNamedRecord>({
  id,
  record,
  form,
  toFormValues,
  save,
  remove,
  queryKey,
  texts,
  paths,
  errorScope,
  isNameTypedToDelete = false,
}: {
  id: number | null;
  record: TRecord | undefined;
  form: UseFormReturnType<TValues>;
  toFormValues: (record: TRecord) => TValues;
  save: (values: TValues) => Promise<TRecord>;
  remove: (id: number) => Promise<unknown>;
  /** What to refetch after a change. */
  queryKey: unknown[];
  /** Catalog keys of the success messages, given the record's {{name}}. */
  texts: { created: string; updated: string };
  /** `saved`, when given: where a save (create or update) takes the user, instead of staying on the form. */
  paths: { list: string; record: (id: number) => string; saved?: (id: number) => string };
  /** Where the form's own wording of some error codes lives (`<scope>.errors.<CODE>`, see errorText). */
  errorScope?: string;
  /** For records whose delete takes much with it: Yes waits until the name is typed (spec 001 §5). */
  isNameTypedToDelete?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the record arrives
  useEffect(() => {
    if (record) {
      form.setInitialValues(toFormValues(record));
      form.setValues(toFormValues(record));
    }
  }, [record]);

  // What this form's messages are about: its successful save replaces its refusal and its failed save.
  const about = `save:${JSON.stringify(queryKey)}:${id ?? 'new'}`;
  const saving = useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey });
      notify({
        kind: 'success',
        title: t('common.success'),
        message: t(id === null ? texts.created : texts.updated, { name: saved.name }),
        about,
      });
      if (paths.saved) navigate(appPath(paths.saved(saved.id)), { replace: id === null });
      else if (id === null) navigate(appPath(paths.record(saved.id)), { replace: true });
    },
    onError: (error) => showServerError(t, error, form.setErrors, errorScope, about),
  });

  const handleDelete = async () => {
    if (!record) return;
    const isDeleted = await deleteWithConfirmation(t, {
      name: record.name,
      remove: () => remove(record.id),
      requireText: isNameTypedToDelete ? record.name : undefined,
    });
    if (!isDeleted) return;
    await queryClient.invalidateQueries({ queryKey });
    navigate(appPath(paths.list), { replace: true });
  };

  return {
    saving,
    /** The form's onSubmit: saves, or (refused by the form's own checks) shows the first field in error. */
    handleSubmit: form.onSubmit((values) => saving.mutate(values), refuseInvalidForm(t, about)),
    handleDelete: record ? () => void handleDelete() : undefined,
    handleCancel: () => navigate(appPath(paths.list)),
  };
}
